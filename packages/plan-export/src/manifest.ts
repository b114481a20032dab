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
  // Claude's feedback on a rejected plan arrives only in PostToolBatch; Qwen shows a plan to the user with
  // PermissionRequest alone (its PreToolUse fires only after an approval).
  nativeEvents: { claude: ["PostToolBatch"], qwen: ["PermissionRequest"] },
  unsupported: {
    cursor:
      "Cursor has no hook at a plan's approval (Plan mode keeps the plan in its own editor until you Build), so plan-export cannot tell an accepted plan from a draft there",
    antigravity:
      "Antigravity CLI has no hook at a plan's approval (its plan is an artifact it reviews itself), so plan-export cannot tell an accepted plan from a draft there",
    pi: "Pi has no plan mode, so there is no plan to export",
    amp: "Amp has no plan mode (no plan tool, no plan to approve), so there is no plan to export",
    openclaw: "OpenClaw has no plan mode, so there is no plan to export",
    cline:
      "Cline's plan mode has no plan tool (the plan is only the model's reply, and no hook sees it approved), so there is no plan to export",
  },
  tryHint:
    "plan-export speaks only when a plan is approved or rejected in the CLI's plan mode, which one sample event cannot show: hookrail demo shows a plan exported in each CLI, and hookrail log --guardrail plan-export the plans it saved from your sessions",
  bundle: "plan-export.cjs",
  timeoutSeconds: 10,
};
