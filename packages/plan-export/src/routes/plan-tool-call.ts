// The `plan-tool-call` route, as Factory Droid's spec mode works: spec mode's ExitSpecMode {title, plan}. Its PreToolUse carries the plan, also in
// headless `droid exec --use-spec` (measured), where the exec session then refuses the tool: no answer comes,
// and the plan is filed as rejected (`abandoned`) at SessionEnd. In the terminal UI, ExitSpecMode's result
// tells an approval (the texts are Droid 0.225's, read in its binary; not measured).
import type { HookEvent } from "@hookrail/core";
import type { Resolution, Signal } from "../types.ts";
import { asObject, asString, presentedInCall } from "./shared.ts";

const APPROVED = /^(?:Spec mode exited\. The user approved the plan|Specification (?:has been|was) approved)/;
const EDITED =
  /^The (?:plan has been saved and edited|plan was edited and approved|user has manually edited and approved)/;
const COMMENT = /\nUser comment: ([\s\S]*)$/;

export function toolCallSignals(event: HookEvent): Signal[] {
  switch (event.kind) {
    case "before-tool":
      return presentedInCall(event);
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      // Droid's tool_response is a string; an object form is read as a courtesy.
      const result = asString(event.response) ?? asString(asObject(event.response).llmContent) ?? "";
      const edited = EDITED.test(result);
      if (!edited && !APPROVED.test(result)) return [];
      const resolution: Resolution = edited ? "approved-edited" : "approved";
      const feedback = COMMENT.exec(result)?.[1]?.trim();
      // An edited spec is on disk, not in the result: the presented text is what is exported.
      const text = edited ? undefined : asString(event.tool.input.plan);
      return [
        {
          kind: "plan-resolved",
          outcome: "accepted",
          resolution,
          paths: [],
          ...(text !== undefined ? { text } : {}),
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
