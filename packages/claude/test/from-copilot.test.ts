// Copilot CLI runs Claude-format plugins with Claude's event and tool names but its own fields: file
// tools name `path`, results come as `tool_result`, and a SessionStart note is read only in flat form.
import { type HookEvent, note } from "@hookrail/core";
import { hookPayload } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeAdapter, fromCopilot } from "../src/index.ts";

const target = { cwd: "/repo", sessionId: "s" };
const copilot = (name: string) => claudeAdapter.parse(hookPayload("copilot", `claude-format/${name}`, target));
const claude = (name: string) => claudeAdapter.parse(hookPayload("claude", name, target));
const json = (event: HookEvent) => JSON.parse(claudeAdapter.render(note("ctx", "hi"), event).stdout);

describe("claude adapter, called by Copilot", () => {
  it.each([
    ["PreToolUse-Edit.json", "file-edit", ["/repo/README.md"]],
    ["PreToolUse-Write.json", "file-write", ["/repo/NEW.md"]],
  ])("%s: the file comes from `path`", (name, kind, files) => {
    const event = copilot(name);
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
  });

  it("PostToolUse: the result comes from `tool_result`", () => {
    const event = copilot("PostToolUse-Bash.json");
    expect(event.kind === "after-tool" && event.response).toMatchObject({ result_type: "success" });
  });

  it.each(["SessionStart.json", "UserPromptSubmit.json", "PreToolUse-Edit.json", "PostToolUse-Edit.json"])(
    "%s: a note is told in the flat form",
    (name) => {
      expect(fromCopilot(copilot(name))).toBe(true);
      expect(json(copilot(name))).toEqual({ additionalContext: "ctx", systemMessage: "hi" });
    },
  );

  it("Claude Code's own payloads keep hookSpecificOutput", () => {
    expect(fromCopilot(claude("SessionStart.json"))).toBe(false);
    expect(json(claude("SessionStart.json"))).toEqual({
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "ctx" },
      systemMessage: "hi",
    });
  });

  it("a deny keeps Claude's form, which Copilot honours", () => {
    const answer = claudeAdapter.render({ type: "deny", reason: "no" }, copilot("PreToolUse-Bash.json"));
    expect(JSON.parse(answer.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });
});
