// The bundle's side of a bridge: the plugin's envelope validated, hooks read by the dialect, decisions rendered
// as the answers the plugin applies (block, note) or nothing.
import { describe, expect, it } from "vitest";
import {
  ask,
  type BridgeDialect,
  type Decision,
  defineBridgeAdapter,
  deny,
  HookrailError,
  message,
  note,
  openCodeApiDialect,
} from "../src/index.ts";

const dialect = openCodeApiDialect("opencode", "OpenCode");
const adapter = defineBridgeAdapter(dialect);
const envelope = (hook: string, data: unknown) => ({
  hookrail_bridge: 1,
  hook_event_name: hook,
  session_id: "ses_1",
  cwd: "/repo",
  data,
});
const before = (tool: string, args: Record<string, unknown>) =>
  envelope("tool.execute.before", { input: { tool, sessionID: "ses_1", callID: "call_1" }, output: { args } });

describe("a bridge adapter reads the plugin's payload", () => {
  it("keeps the envelope's session, folder and hook name, and the call id where guardrails look for it", () => {
    const event = adapter.parse(before("bash", { command: "gh pr merge 12", description: "merge" }));
    expect(event).toMatchObject({
      cli: "opencode",
      nativeEvent: "tool.execute.before",
      sessionId: "ses_1",
      cwd: "/repo",
      kind: "before-tool",
      tool: { kind: "shell", name: "bash", command: "gh pr merge 12", filePaths: [] },
      payload: { tool_use_id: "call_1" },
    });
  });

  it.each([
    ["write", { filePath: "/repo/a.md", content: "x" }, "file-write", ["/repo/a.md"]],
    ["edit", { filePath: "/repo/a.md", oldString: "a", newString: "b" }, "file-edit", ["/repo/a.md"]],
    ["apply_patch", { patchText: "*** Begin Patch\n*** Add File: n.md\n+x\n*** End Patch" }, "file-edit", ["n.md"]],
    ["read", { filePath: "/repo/a.md" }, "read-only", []],
  ])("%s is a %s tool writing %j", (tool, args, kind, files) => {
    const event = adapter.parse(before(tool, args));
    expect(event.kind === "before-tool" && [event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
  });

  it.each([
    ["not an envelope", { hook_event_name: "tool.execute.before" }],
    ["an envelope of another version", { ...before("bash", { command: "ls" }), hookrail_bridge: 2 }],
    ["a shell call without a command", before("bash", { description: "x" })],
    ["a hook without its tool name", envelope("tool.execute.before", { input: {}, output: {} })],
  ])("refuses %s with an input error", (_what, payload) => {
    let thrown: unknown;
    try {
      adapter.parse(payload);
    } catch (error) {
      thrown = error;
    }
    expect(HookrailError.isInstance(thrown) && thrown.code).toBe("input");
  });

  it("reads a hook the dialect does not know as kind other", () => {
    expect(adapter.parse(envelope("event.file.edited", {})).kind).toBe("other");
  });
});

describe("a bridge adapter answers the plugin", () => {
  const afterTool = adapter.parse(
    envelope("tool.execute.after", {
      input: { tool: "bash", sessionID: "ses_1", callID: "c", args: { command: "ls" } },
      output: { output: "a\n" },
    }),
  );
  const beforeTool = adapter.parse(before("bash", { command: "ls" }));
  const answer = (decision: Decision, event = afterTool) => {
    const { exitCode, stdout, stderr } = adapter.render(decision, event);
    return { exitCode, stderr, json: stdout ? JSON.parse(stdout) : null };
  };

  it.each<[string, Decision, unknown]>([
    ["allow: nothing", { type: "allow" }, null],
    ["deny: a block with the reason", deny("no"), { action: "block", reason: "no" }],
    [
      "ask: its fallback (no bridge CLI can ask)",
      ask("sure?", { type: "note", context: "go on" }),
      { action: "note", context: "go on" },
    ],
    ["ask without a fallback: a block", ask("sure?"), { action: "block", reason: "sure?" }],
    ["note: context and user message", note("ctx", "hi"), { action: "note", context: "ctx", userMessage: "hi" }],
    ["message: for the user only", message("hi"), { action: "note", userMessage: "hi" }],
  ])("%s", (_what, decision, json) => {
    expect(answer(decision)).toEqual({ exitCode: 0, stderr: "", json });
  });

  it("leaves out the model's note where the CLI cannot show it (before a tool), keeping the user's", () => {
    expect(answer(note("ctx", "hi"), beforeTool).json).toEqual({ action: "note", userMessage: "hi" });
    expect(answer(note("ctx"), beforeTool).json).toBeNull();
    expect(adapter.notesReachModel("before-tool")).toBe(false);
    expect(adapter.notesReachModel("session-start")).toBe(true);
  });

  it("blocks an unreadable event with exit 2 and the reason, like every CLI", () => {
    expect(adapter.block("bad event")).toEqual({ exitCode: 2, stdout: "", stderr: "bad event\n" });
  });
});

describe("a dialect's own command reader", () => {
  const withBackground: BridgeDialect = {
    ...dialect,
    tools: { ...dialect.tools, background_process: "shell" },
    command: (tool, args) => (tool === "background_process" && args.action !== "start" ? "" : (args.command as string)),
  };
  const parse = defineBridgeAdapter(withBackground).parse;

  it("reads a call that runs no command as an empty one, and one that does as its command", () => {
    const list = parse(before("background_process", { action: "list" }));
    const start = parse(before("background_process", { action: "start", command: "gh pr merge 1" }));
    expect(list.kind === "before-tool" && list.tool.command).toBe("");
    expect(start.kind === "before-tool" && start.tool.command).toBe("gh pr merge 1");
  });
});
