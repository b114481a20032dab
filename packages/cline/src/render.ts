// How Cline wants answers (measured on 3.0.65, docs/cli-differences.md#cline): only JSON on stdout counts; exit
// codes are never read. A refusal is refusal.ts's; a note is `contextModification`, which reaches the model as
// hook context after the tool's result, on PreToolUse and PostToolUse (TaskStart runs detached and its answer is
// dropped). Every answer is a JSON object, `{}` for "no objection": the dispatcher takes a gate's empty or
// unreadable output for a failure and refuses.
import {
  type Adapter,
  type AnswerStyle,
  type Decision,
  type HookAnswer,
  type HookEvent,
  jsonAnswer,
  renderAnswer,
} from "@hookrail/core";
import { clineRefusal } from "./refusal.ts";

const callId = (event: HookEvent) => {
  const id = event.payload.tool_use_id;
  return typeof id === "string" ? id : "";
};

export const clineStyle: AnswerStyle = {
  contextKinds: ["before-tool", "after-tool"],
  deny: (reason, _ask, event) =>
    event.kind === "before-tool"
      ? jsonAnswer(clineRefusal(event.tool.name, callId(event), reason))
      : // Nothing else can be refused: cancel ends the run (the only stop Cline has outside a tool call).
        jsonAnswer({ cancel: true, errorMessage: reason }),
  note: (context) => jsonAnswer(context !== undefined ? { contextModification: context } : {}),
  // Cline shows the user nothing a hook says.
  message: () => jsonAnswer({}),
};

export const renderCline: Adapter["render"] = (decision: Decision, event: HookEvent): HookAnswer =>
  decision.type === "allow" ? jsonAnswer({}) : renderAnswer(decision, event, clineStyle);
