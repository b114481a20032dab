import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clineAdapter } from "../src/index.ts";

const dir = fileURLToPath(new URL("./fixtures", import.meta.url));
const payloads = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "hook-env.json")
  .map((name) => ({ name, payload: JSON.parse(readFileSync(`${dir}/${name}`, "utf8")) as Record<string, unknown> }));
const fixture = (name: string) => {
  const found = payloads.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.payload;
};

// What each captured payload is to hookrail (TaskError is an event it does not bind).
const KIND_OF_FILE: Record<string, string> = {
  "TaskStart.json": "session-start",
  "PreToolUse.run_commands.json": "before-tool",
  "PreToolUse.read_files.json": "before-tool",
  "PreToolUse.editor.json": "before-tool",
  "PreToolUse.editor.create.json": "before-tool",
  "PostToolUse.run_commands.json": "after-tool",
  "PostToolUse.read_files.json": "after-tool",
  "PostToolUse.editor.json": "after-tool",
  "PostToolUse.editor.create.json": "after-tool",
  "PostToolUse.editor.refused.json": "after-tool",
  "PreToolUse.mcp.json": "before-tool",
  "PostToolUse.mcp.json": "after-tool",
  "TaskComplete.json": "stop",
  "SessionShutdown.json": "session-end",
  "TaskError.json": "other",
};

describe("cline adapter on every captured Cline payload", () => {
  it("knows every fixture", () => {
    expect(payloads.map((p) => p.name).sort()).toEqual(Object.keys(KIND_OF_FILE).sort());
  });

  it.each(payloads)(
    "$name parses to its kind, with Cline's root session as the session and the workspace as cwd",
    ({ name, payload }) => {
      const event = clineAdapter.parse(payload);
      expect(event.kind).toBe(KIND_OF_FILE[name]);
      expect(event.cli).toBe("cline");
      expect(event.sessionId).toBe("<SESSION_ID>");
      expect(event.cwd).toBe("<PROJECT_DIR>");
    },
  );

  it("reads run_commands as a shell call of every command, one per line", () => {
    const event = clineAdapter.parse(fixture("PreToolUse.run_commands.json"));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect(event.nativeEvent).toBe("PreToolUse");
    expect(event.tool).toMatchObject({ kind: "shell", name: "run_commands", command: "gh pr merge 12" });
    const two = {
      ...fixture("PreToolUse.run_commands.json"),
      tool_call: { id: "c", name: "run_commands", input: { commands: ["ls", "gh pr merge 12"] } },
    };
    const both = clineAdapter.parse(two);
    expect(both.kind === "before-tool" && both.tool.command).toBe("ls\ngh pr merge 12");
  });

  it("reads editor as a file edit of its path, before and after, and a created file the same way", () => {
    for (const name of ["PreToolUse.editor.json", "PostToolUse.editor.json", "PreToolUse.editor.create.json"]) {
      const event = clineAdapter.parse(fixture(name));
      if (event.kind !== "before-tool" && event.kind !== "after-tool") throw new Error(event.kind);
      expect(event.tool.kind).toBe("file-edit");
      expect(event.tool.filePaths[0]).toMatch(/^<PROJECT_DIR>\//);
    }
    const after = clineAdapter.parse(fixture("PostToolUse.run_commands.json"));
    expect(after.kind === "after-tool" && after.response).toBeTruthy();
  });

  it("reads an MCP tool as a tool of its own name, <server>__<tool>, with its arguments as sent", () => {
    const event = clineAdapter.parse(fixture("PreToolUse.mcp.json"));
    if (event.kind !== "before-tool") throw new Error(event.kind);
    expect(event.tool).toMatchObject({
      kind: "other",
      name: "github__merge_pull_request",
      input: { owner: "acme", repo: "widgets", pullNumber: 12, merge_method: "squash" },
    });
    const after = clineAdapter.parse(fixture("PostToolUse.mcp.json"));
    expect(after.kind === "after-tool" && after.tool.name).toBe("github__get_pull_request");
    expect(after.kind === "after-tool" && after.response).toMatchObject({ isError: false });
  });

  it("reads the result of a refused edit: the empty path hookrail gave it, and the editor's error", () => {
    const event = clineAdapter.parse(fixture("PostToolUse.editor.refused.json"));
    if (event.kind !== "after-tool") throw new Error(event.kind);
    expect(event.tool).toMatchObject({ kind: "file-edit", filePaths: [] });
    expect(event.response).toEqual({ error: "✖ Too small: expected string to have >=1 characters\n  → at path" });
  });

  it("reads read_files as a read-only tool", () => {
    const event = clineAdapter.parse(fixture("PreToolUse.read_files.json"));
    expect(event.kind === "before-tool" && event.tool.kind).toBe("read-only");
  });

  it("refuses what is not a Cline payload", () => {
    expect(() => clineAdapter.parse({ hookName: "" })).toThrow(/not a cline hook event/);
    expect(() => clineAdapter.parse("text")).toThrow(/not a cline hook event/);
    const noCommands = {
      ...fixture("PreToolUse.run_commands.json"),
      tool_call: { id: "c", name: "run_commands", input: {} },
    };
    expect(() => clineAdapter.parse(noCommands)).toThrow(/without a command/);
  });
});
