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
  // Where a CLI shows a plan to the user, or carries a rejected plan's feedback, only in an event of its own.
  moments: ["plan-shown", "plan-feedback"],
  needs: { "plan-approval": "so plan-export never sees a plan approved there" },
  tryHint:
    "plan-export speaks only when a plan is approved or rejected in the CLI's plan mode, which one sample event cannot show: hookrail demo shows a plan exported in each CLI, and hookrail log --guardrail plan-export the plans it saved from your sessions",
  bundle: "plan-export.cjs",
  timeoutSeconds: 10,
};
