// A minimal adapter for the runtime's tests: the shared snake_case payload with the events given, decisions rendered
// as plain JSON.
import { type Adapter, type EventKind, exitTwoAnswer, jsonAnswer, parsePayload, silentAnswer } from "../src/index.ts";

export function testAdapter(
  events: Record<string, Exclude<EventKind, "other">> = { PreToolUse: "before-tool" },
): Adapter {
  return {
    cli: "claude",
    title: "Claude Code",
    parse: (payload) =>
      parsePayload(payload, { cli: "claude", title: "Claude Code", events, tools: { Bash: "shell" } }),
    render: (decision) => (decision.type === "allow" ? silentAnswer() : jsonAnswer(decision)),
    block: exitTwoAnswer,
    notesReachModel: () => true,
  };
}
