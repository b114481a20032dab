// Decisions as Claude Code answers: JSON on stdout at exit 0 (FACTS: deny at exit 0 is honoured).
import {
  type Decision,
  type HookAnswer,
  type HookEvent,
  jsonAnswer,
  noteAnswer,
  permissionAnswer,
  silentAnswer,
} from "@hookrail/core";

/** Events whose `hookSpecificOutput.additionalContext` reaches the model. */
const CONTEXT_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse"]);

export function renderClaude(decision: Decision, event: HookEvent): HookAnswer {
  switch (decision.type) {
    case "allow":
      return silentAnswer();
    case "deny":
    case "ask":
      if (event.kind === "before-tool") {
        return permissionAnswer(decision.type, decision.reason);
      }
      // Prompt, Stop and PostToolUse take the top-level block form.
      return jsonAnswer({ decision: "block", reason: decision.reason });
    case "note":
      return noteAnswer(
        event.nativeEvent,
        CONTEXT_EVENTS.has(event.nativeEvent) ? decision.context : undefined,
        decision.userMessage,
      );
    case "message":
      return jsonAnswer({ systemMessage: decision.userMessage });
  }
}

export const claudeNotesReachModel = (kind: HookEvent["kind"]) =>
  kind === "session-start" || kind === "prompt" || kind === "before-tool" || kind === "after-tool";
