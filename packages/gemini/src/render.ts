// How Gemini CLI wants answers: exit 0 and Gemini's own JSON (Claude-shaped JSON is ignored there).
import { type AnswerStyle, jsonAnswer } from "@hookrail/core";

export const geminiStyle: AnswerStyle = {
  // BeforeTool additionalContext is dropped by Gemini CLI (measured); SessionStart, AfterTool and BeforeAgent reach the model.
  contextKinds: ["session-start", "after-tool", "prompt"],
  // `ask` hangs a headless run and only some front ends can answer it, so it falls back to deny;
  // the reason tells the model to get the user's approval first.
  deny: (reason) => jsonAnswer({ decision: "deny", reason }),
};
