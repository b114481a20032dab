// How the command gates hook into each CLI: before every shell command and every MCP tool call (one that carries a
// command string is read as that command), and on the user's prompt (where approval mode "user" reads the user's
// own approvals).
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "command-gates",
  version: pkg.version,
  description:
    "Command gates from config: a command that matches a gate in .hookrail/config.json (npm publish, terraform apply…) runs only with the gate's marker (PUBLISH_APPROVED=1) on that very command.",
  bindings: [{ event: "before-tool", tools: ["shell", "mcp"] }, { event: "prompt" }],
  bundle: "command-gates.cjs",
  timeoutSeconds: 10,
  tryExample: "npm publish",
};
