// Where a note goes in each form of tool result Amp hands tool.result (fixtures/sources.json).
import { bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { resultWithNote } from "../src/index.ts";

const note = "branch-drift: the branch moved";
const result = (name: string) => bridgeFixture("amp", name, { cwd: "/srv/repo" });

describe("a note in a tool's result", () => {
  it.each([
    [
      "a shell tool's {output, exitCode}",
      result("tool.result.Bash"),
      { output: `fake-gh: gh pr view 12 (ok)\n\n\n${note}`, exitCode: 0 },
    ],
    [
      "edit_file's {diff, lineRange}",
      result("tool.result.edit_file"),
      { ...result("tool.result.edit_file").output, hookrail: note },
    ],
    [
      "a text output",
      { status: "done", output: "Successfully created file /srv/repo/a.txt" },
      `Successfully created file /srv/repo/a.txt\n\n${note}`,
    ],
    ["no output", { status: "done" }, note],
    [
      "content blocks",
      { status: "done", output: [{ type: "text", text: "ok" }] },
      [
        { type: "text", text: "ok" },
        { type: "text", text: note },
      ],
    ],
  ])("%s", (_what, event, output) => {
    expect(resultWithNote(event, note)).toEqual({ status: "done", output });
  });

  it("an error keeps its status, the note after its text", () => {
    expect(resultWithNote(result("tool.result.error"), note)).toEqual({
      status: "error",
      error: `Could not find exact match for old_str\n\n${note}`,
      output: undefined,
    });
  });
});
