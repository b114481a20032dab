// The Droid adapter on every payload captured from Factory Droid 0.225.2.
import { fileURLToPath } from "node:url";
import { fixturePayloads } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { droidAdapter } from "../src/index.ts";

const fixtures = fixturePayloads(fileURLToPath(new URL("./fixtures", import.meta.url)));
const payload = (name: string) => {
  const found = fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.payload;
};

const expectedKind: Record<string, string> = {
  SessionStart: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  Stop: "stop",
  SessionEnd: "session-end",
};

describe("droid adapter on every captured Droid payload", () => {
  it("finds the captured payloads", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(fixtures)("$name", ({ payload }) => {
    const event = droidAdapter.parse(payload);
    expect(event).toMatchObject({ cli: "droid", nativeEvent: payload.hook_event_name, cwd: payload.cwd });
    expect(event.kind).toBe(expectedKind[String(payload.hook_event_name)]);
    expect(event.transcriptPath).toMatch(/\.factory\/sessions\/.+\.jsonl$/);
  });

  it.each([
    ["PreToolUse.Execute.json", "shell", []],
    ["PreToolUse.Create.json", "file-write", ["<PROJECT_DIR>/notes.txt"]],
    ["PreToolUse.Edit.json", "file-edit", ["<PROJECT_DIR>/README.md"]],
    ["PreToolUse.Read.json", "other", []],
    ["plan/PreToolUse.ExitSpecMode.json", "plan-exit", []],
  ])("%s is a %s tool", (name, kind, files) => {
    const event = droidAdapter.parse(payload(name));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect([event.tool.kind, event.tool.filePaths]).toEqual([kind, files]);
    if (kind === "shell") expect(event.tool.command).toBe("gh pr merge 12");
  });

  it("reads the files of an ApplyPatch and a MultiEdit (tools some models get instead of Edit)", () => {
    const edit = payload("PreToolUse.Edit.json");
    const patch = "*** Begin Patch\n*** Update File: /p/a.ts\n@@\n-x\n+y\n*** Add File: /p/b.ts\n+z\n*** End Patch";
    const applied = droidAdapter.parse({ ...edit, tool_name: "ApplyPatch", tool_input: { input: patch } });
    expect(applied.kind === "before-tool" && applied.tool.filePaths).toEqual(["/p/a.ts", "/p/b.ts"]);
    const multi = droidAdapter.parse({
      ...edit,
      tool_name: "MultiEdit",
      tool_input: { file_path: "/p/c.ts", edits: [] },
    });
    expect(multi.kind === "before-tool" && [multi.tool.kind, multi.tool.filePaths]).toEqual(["file-edit", ["/p/c.ts"]]);
  });

  it("does not take Claude's tool names for Droid's (a Bash call is not a Droid shell call)", () => {
    const shell = payload("PreToolUse.Execute.json");
    const bash = droidAdapter.parse({ ...shell, tool_name: "Bash" });
    expect(bash.kind === "before-tool" && bash.tool.kind).toBe("other");
  });

  it("keeps PostToolUse's string response and SessionEnd's reason", () => {
    const after = droidAdapter.parse(payload("PostToolUse.Execute.json"));
    expect(after.kind === "after-tool" && after.response).toMatch(/\[Process exited with code 0\]$/);
    expect(droidAdapter.parse(payload("SessionEnd.json"))).toMatchObject({ kind: "session-end", reason: "other" });
  });
});
