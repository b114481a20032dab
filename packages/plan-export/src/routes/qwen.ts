// Qwen Code's plan route (its terminal UI's plan mode; headless `--approval-mode plan` registers no
// exit_plan_mode, so nothing is presented there): the model calls exit_plan_mode {plan}, PreToolUse carries the
// plan before the "Would you like to proceed?" dialog, and PostToolUse fires only after an approval, with
// `User approved.` (read in Qwen 0.24.4's code). "No, keep planning" (Esc) fires no hook: the plan is rejected
// (`dismissed`) at the next prompt, which in Qwen also comes before every model turn that follows tool results.
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { asObject, asString } from "./shared.ts";

const APPROVED = /^(?:User|Leader) approved\./;
const LEADER_REJECTED = /^Leader rejected the plan\.[\s\S]*?(?:\n\nLeader feedback:\n([\s\S]*))?$/;

export function qwenSignals(event: HookEvent): Signal[] {
  switch (event.kind) {
    case "before-tool": {
      const text = event.tool.kind === "plan-exit" ? asString(event.tool.input.plan) : undefined;
      return text === undefined ? [] : [{ kind: "plan-presented", paths: [], text }];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      const response = asObject(event.response);
      const result = asString(response.llmContent) ?? asString(event.response) ?? "";
      const text = asString(asObject(response.returnDisplay).plan) ?? asString(event.tool.input.plan);
      const withText = text !== undefined ? { text } : {};
      if (APPROVED.test(result))
        return [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths: [], ...withText }];
      // A plan-required teammate's leader answers in the same call.
      const rejected = LEADER_REJECTED.exec(result);
      if (!rejected) return [];
      const feedback = rejected[1]?.trim();
      return [
        {
          kind: "plan-resolved",
          outcome: "rejected",
          resolution: feedback ? "feedback" : "dismissed",
          paths: [],
          ...(feedback ? { feedback } : {}),
        },
      ];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      return [];
  }
}
