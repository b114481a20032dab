// Decisions as Codex answers. Codex marks a hook failed (and runs the tool) on `ask`, on a bare
// `allow`, on unsupported fields and on an empty reason, so this renders only what it accepts.
import {
  type Decision,
  type HookAnswer,
  type HookEvent,
  jsonAnswer,
  noteAnswer,
  permissionAnswer,
  silentAnswer,
} from "@hookrail/core";

/** Events whose additionalContext Codex accepts and gives the model. */
const CONTEXT_EVENTS = new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse"]);

export function renderCodex(decision: Decision, event: HookEvent): HookAnswer {
  switch (decision.type) {
    case "allow":
      return silentAnswer();
    case "deny":
    case "ask": {
      // Codex appends ". Command: <cmd>" itself; "ask" is not supported, so it falls back to deny.
      const reason = decision.reason.trim().replace(/[.\s]+$/, "") || "blocked by hookrail";
      if (event.kind === "before-tool") {
        return permissionAnswer("deny", reason);
      }
      return jsonAnswer({ decision: "block", reason });
    }
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

export const codexNotesReachModel = (kind: HookEvent["kind"]) =>
  kind === "session-start" || kind === "prompt" || kind === "before-tool" || kind === "after-tool";
