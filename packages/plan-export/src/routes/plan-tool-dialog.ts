// The `plan-tool-dialog` route, as Qwen Code's plan mode works (its terminal UI's plan mode; headless `--approval-mode plan` registers no
// exit_plan_mode, so nothing is presented there), measured on 0.24.4: the model calls exit_plan_mode {plan};
// PermissionRequest carries the plan as the "Would you like to proceed?" dialog opens; an approval fires
// PreToolUse and then PostToolUse with `User approved.`; "No, keep planning" (Esc) fires nothing, so the plan is
// rejected (`dismissed`) at the next prompt (in Qwen, UserPromptSubmit also comes before every model turn that
// follows tool results).
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { asObject, asString, presentedInCall } from "./shared.ts";

const APPROVED = /^(?:User|Leader) approved\./;
const LEADER_REJECTED = /^Leader rejected the plan\.[\s\S]*?(?:\n\nLeader feedback:\n([\s\S]*))?$/;

export function toolDialogSignals(event: HookEvent): Signal[] {
  switch (event.kind) {
    case "before-tool":
      return presentedInCall(event);
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
    case "other": {
      // The dialog is about to show: the plan the user is asked about.
      if (event.nativeEvent !== "PermissionRequest" || event.payload.tool_name !== "exit_plan_mode") return [];
      const text = asString(asObject(event.payload.tool_input).plan);
      return text === undefined ? [] : [{ kind: "plan-presented", paths: [], text }];
    }
    default:
      return [];
  }
}
