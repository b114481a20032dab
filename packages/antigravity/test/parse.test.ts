import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { antigravityAdapter } from "../src/index.ts";
import { fixture, fixtureDir, transcribed } from "./helpers.ts";

const KIND: Record<string, string> = {
  PreInvocation: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  Stop: "stop",
};

const parse = (name: string, withArg = true) => {
  const { event, payload } = fixture(name);
  return antigravityAdapter.parse(payload, withArg ? [event] : []);
};

describe("antigravity adapter on every transcribed agy payload", () => {
  it("has a source for every fixture, and a fixture for every source", () => {
    const sources = JSON.parse(readFileSync(`${fixtureDir}/sources.json`, "utf8")) as Record<string, string>;
    expect(Object.keys(sources).sort()).toEqual(transcribed().map((t) => t.name));
  });

  it.each(transcribed().filter((t) => t.name !== "PostToolUse.json"))(
    "$name, with the event as the hook command's argument",
    ({ name, event, payload }) => {
      const parsed = parse(name);
      const kind = name === "PreInvocation.later.json" ? "other" : (KIND[event] ?? "other");
      expect(parsed).toMatchObject({ cli: "antigravity", nativeEvent: event, kind });
      expect(parsed.sessionId).toBe(payload.conversationId);
      expect(parsed.cwd).toBe("<repo>");
      expect(parsed.payload).toMatchObject(payload);
    },
  );

  it("tells the tool events and Stop from their fields when the argument is missing", () => {
    expect(parse("PreToolUse.run_command.json", false).nativeEvent).toBe("PreToolUse");
    expect(parse("Stop.json", false).nativeEvent).toBe("Stop");
    // Only the argument tells PreInvocation from PostInvocation; hookrail binds PreInvocation alone.
    expect(parse("PostInvocation.json", false).nativeEvent).toBe("PreInvocation");
  });
});

describe("antigravity tools", () => {
  it.each([
    ["PreToolUse.run_command.json", "shell", []],
    ["PreToolUse.write_to_file.json", "file-write", ["<repo>/NOTES.md"]],
    ["PreToolUse.replace_file_content.json", "file-edit", ["<repo>/src/app.txt"]],
    ["PreToolUse.multi_replace_file_content.json", "file-edit", ["<repo>/src/app.txt"]],
    ["PreToolUse.view_file.json", "other", []],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = parse(name);
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect(event.tool.kind).toBe(kind);
    expect(event.tool.filePaths).toEqual(files);
  });

  it("reads the shell's command from CommandLine and its folder from Cwd", () => {
    const event = parse("PreToolUse.run_command.json");
    if (event.kind !== "before-tool") throw new Error(`expected before-tool, got ${event.kind}`);
    expect([event.tool.command, event.tool.workdir]).toEqual(["gh pr merge 12", "<repo>"]);
  });

  it("takes the shell call's folder when agy --print reports no workspace", () => {
    expect(parse("PreToolUse.run_command.print.json").cwd).toBe("<repo>");
  });

  it("refuses a PostToolUse whose toolCall is null (agy sends one for steps that ran no tool)", () => {
    expect(() => parse("PostToolUse.json")).toThrow(/PostToolUse without a valid tool_name/);
  });
});

describe("antigravity adapter rejects unreadable payloads", () => {
  it.each([
    ["a JSON array", [], ["PreToolUse"], "not an antigravity hook event"],
    ["null", null, ["PreToolUse"], "not an antigravity hook event"],
    ["a tool event with no toolCall", { conversationId: "c" }, ["PreToolUse"], "PreToolUse without a valid tool_name"],
    [
      "a shell call without CommandLine",
      { toolCall: { name: "run_command", args: {} } },
      ["PreToolUse"],
      "run_command call without a command string",
    ],
    ["an object naming no event", { conversationId: "c" }, [], "without an event name"],
  ])("%s", (_name, payload, args, message) => {
    expect(() => antigravityAdapter.parse(payload, args)).toThrow(message);
  });
});
