// Decisions as Gemini CLI answers: exit 0 and Gemini's own JSON (Claude-shaped JSON is ignored there).
import { type Decision, type HookAnswer, type HookEvent, jsonAnswer, noteAnswer, silentAnswer } from "@hookrail/core";

export function renderGemini(decision: Decision, event: HookEvent): HookAnswer {
  switch (decision.type) {
    case "allow":
      return silentAnswer();
    case "deny":
    // Gemini's "ask" hangs a headless run and only some front ends can answer it: ask falls back to deny,
    // and the reason tells the model to get the user's approval first.
    case "ask":
      return jsonAnswer({ decision: "deny", reason: decision.reason });
    case "note":
      return noteAnswer(
        event.nativeEvent,
        geminiNotesReachModel(event.kind) ? decision.context : undefined,
        decision.userMessage,
      );
    case "message":
      return jsonAnswer({ systemMessage: decision.userMessage });
  }
}

/** BeforeTool additionalContext is dropped by Gemini CLI (FACTS); SessionStart, AfterTool and BeforeAgent reach the model. */
export const geminiNotesReachModel = (kind: HookEvent["kind"]) =>
  kind === "session-start" || kind === "after-tool" || kind === "prompt";
