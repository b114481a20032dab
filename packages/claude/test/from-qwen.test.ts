// Qwen Code runs Claude-format plugins (`qwen extensions install <plugin> --consent`). Its payloads carry an
// ISO `timestamp` like Copilot's Claude-format ones, but also a `permission_mode`; Qwen drops the flat note
// Copilot needs, so the Claude plugin must answer it in hookSpecificOutput (measured: otherwise the verdict
// of worktree-check never reached the model).
import { note } from "@hookrail/core";
import { hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeAdapter, fromCopilot } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const qwen = (name: string) => claudeAdapter.parse(hookPayload("qwen", name, target));

describe("claude adapter, called by Qwen Code", () => {
  it.each(["SessionStart.json", "UserPromptSubmit.json", "PostToolUse.edit.json", "Stop.json"])(
    "%s is not taken for Copilot: the note stays in hookSpecificOutput",
    (name) => {
      const event = qwen(name);
      expect(fromCopilot(event)).toBe(false);
      const answer = JSON.parse(claudeAdapter.render(note("ctx", "hi"), event).stdout);
      expect(answer.additionalContext).toBeUndefined();
      if (event.kind === "session-start" || event.kind === "after-tool" || event.kind === "prompt")
        expect(answer.hookSpecificOutput).toEqual({ hookEventName: event.nativeEvent, additionalContext: "ctx" });
    },
  );

  it("a deny is Claude's hookSpecificOutput deny, which Qwen honours", () => {
    const answer = claudeAdapter.render({ type: "deny", reason: "no" }, qwen("PreToolUse.run_shell_command.json"));
    expect(JSON.parse(answer.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });
});
