// How the merge gate hooks into each CLI: before every shell command, every file write or edit and every MCP tool
// call (where the CLI's hooks see those), and on the user's prompt (where approval mode "user" reads the user's own approvals).
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "merge-gate",
  version: pkg.version,
  description:
    "Merging is the project owner's call: blocks every way to land work on a protected branch unless MERGE_APPROVED=1 prefixes that very command, and every change to the hooks and config that enforce it.",
  bindings: [{ event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] }, { event: "prompt" }],
  bundle: "merge-gate.cjs",
  timeoutSeconds: 10,
  failure: "closed",
  tryExample: "gh pr merge 12",
};
