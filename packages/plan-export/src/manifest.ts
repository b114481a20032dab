// How plan-export hooks into each CLI: plan writes and plan exits, their answers, prompts, turn ends
// and session starts and ends (the "clear context" approval is only visible across sessions).
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "plan-export",
  version: pkg.version,
  description:
    'Never lose an agent\'s plan: exports every plan you approve (and the ones you reject) into the project, also when you approve with "clear context".',
  bindings: [
    { event: "session-start" },
    { event: "before-tool", tools: ["plan-exit", "file-write"] },
    { event: "after-tool", tools: ["plan-exit"] },
    { event: "prompt" },
    { event: "stop" },
    { event: "session-end" },
  ],
  // Claude's feedback on a rejected plan arrives only in PostToolBatch.
  nativeEvents: { claude: ["PostToolBatch"] },
  bundle: "plan-export.cjs",
  unsupported: { pi: "Pi has no plan mode, so there is no plan to export" },
  timeoutSeconds: 10,
};
