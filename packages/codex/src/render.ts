// How Codex wants answers. Codex marks a hook failed (and runs the tool) on `ask`, on a bare `allow`,
// on unsupported fields and on an empty reason, so only what it accepts is ever sent.
import { type AnswerStyle, jsonAnswer, permissionAnswer } from "@hookrail/core";

export const codexStyle: AnswerStyle = {
  contextKinds: ["session-start", "prompt", "before-tool", "after-tool"],
  deny: (text, _ask, event) => {
    // Codex appends ". Command: <cmd>" itself; `ask` is unsupported, so it falls back to deny.
    const reason = text.trim().replace(/[.\s]+$/, "") || "blocked by hookrail";
    return event.kind === "before-tool" ? permissionAnswer("deny", reason) : jsonAnswer({ decision: "block", reason });
  },
};
