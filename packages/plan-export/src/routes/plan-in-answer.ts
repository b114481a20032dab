// The `plan-in-answer` route, as Codex's plan mode works. Plan mode has no tool: the model answers with a <proposed_plan> block, which
// the rollout transcript keeps (Stop's last message has it removed). "Yes, implement this plan"
// sends the prompt "Implement the plan."; "Yes, clear context and implement" starts a new session
// whose first prompt points to an approved-plan.md attachment (measured; packages/plan-export/README.md).
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { asString } from "./shared.ts";

export const IMPLEMENT_PROMPT = "Implement the plan.";
const ATTACHMENT_PROMPT = /^Read the approved plan at (.+[\\/]approved-plan\.md) and implement it\.$/;

export function answerSignals(event: HookEvent): Signal[] {
  const transcript = event.transcriptPath;
  switch (event.kind) {
    case "stop":
      // The dialog opens after the turn: a plan proposed in this turn is now waiting for an answer.
      return transcript
        ? [{ kind: "plan-presented", paths: [transcript], from: "codex-rollout", ...turnOf(event) }]
        : [];
    case "prompt": {
      const prompt = event.prompt.trim();
      if (prompt === IMPLEMENT_PROMPT && transcript) {
        return [
          {
            kind: "plan-resolved",
            outcome: "accepted",
            resolution: "approved",
            paths: [transcript],
            from: "codex-rollout",
          },
        ];
      }
      const attachment = ATTACHMENT_PROMPT.exec(prompt)?.[1];
      if (attachment) {
        return [
          {
            kind: "plan-resolved",
            outcome: "accepted",
            resolution: "approved-clear-context",
            paths: [attachment],
            anySession: true,
          },
        ];
      }
      // "No, stay in Plan mode" fires nothing; the next prompt shows the plan was not approved.
      return [{ kind: "prompt" }];
    }
    default:
      return [];
  }
}

function turnOf(event: HookEvent): { turnId?: string } {
  const turnId = asString(event.payload.turn_id);
  return turnId ? { turnId } : {};
}
