// Codex's patch format, read and applied as Codex applies it: what a patch leaves in a file decides whether a
// settings edit through apply_patch only changes permissions.
import { describe, expect, it } from "vitest";
import { applyChunks, parsePatch, patchedText } from "../src/apply-patch.ts";

const patch = (...body: string[]) => ["*** Begin Patch", ...body, "*** End Patch"].join("\n");
const FILE = ["{", '  "permissions": {', '    "allow": ["Bash(git status)"]', "  },", '  "model": "x"', "}", ""].join(
  "\n",
);

describe("reading a patch", () => {
  it("reads adds, deletes, updates with a move and their chunks", () => {
    const ops = parsePatch(
      patch(
        "*** Add File: a.txt",
        "+one",
        "+two",
        "*** Delete File: b.txt",
        "*** Update File: c.txt",
        "*** Move to: d.txt",
        "@@ def f():",
        " keep",
        "-old",
        "+new",
        "*** End of File",
      ),
    );
    expect(ops).toEqual([
      { kind: "add", path: "a.txt", text: "one\ntwo\n" },
      { kind: "delete", path: "b.txt" },
      {
        kind: "update",
        path: "c.txt",
        moveTo: "d.txt",
        chunks: [{ anchor: "def f():", old: ["keep", "old"], new: ["keep", "new"], eof: true }],
      },
    ]);
  });

  it.each([
    ["no Begin Patch", "*** Update File: a\n@@\n-x\n+y\n*** End Patch"],
    ["no End Patch", "*** Begin Patch\n*** Update File: a\n@@\n-x\n+y"],
    ["an unknown header", patch("*** Rename File: a")],
    ["a line outside the format", patch("*** Update File: a", "@@", "?x")],
    ["an update with no change", patch("*** Update File: a")],
    ["text before any file", patch("hello")],
  ])("refuses %s", (_what, text) => {
    expect(parsePatch(text)).toBeUndefined();
  });

  it("takes the patch wrapped in a here-doc, and CRLF line ends", () => {
    expect(parsePatch(`<<'EOF'\n${patch("*** Delete File: a")}\nEOF`)).toEqual([{ kind: "delete", path: "a" }]);
    expect(parsePatch(patch("*** Delete File: a").replace(/\n/g, "\r\n"))).toEqual([{ kind: "delete", path: "a" }]);
  });
});

describe("applying an update", () => {
  const chunks = (text: string) => {
    const ops = parsePatch(patch("*** Update File: f", ...text.split("\n")));
    return ops?.[0]?.kind === "update" ? ops[0].chunks : [];
  };

  it.each<[string, string, string, string | undefined]>([
    ["a line replaced in context", "a\nb\nc\n", "@@\n a\n-b\n+B\n c", "a\nB\nc\n"],
    ["without the first @@", "a\nb\n", "-a\n+A", "A\nb\n"],
    ["two chunks in order", "a\nb\nc\nd\n", "@@\n-a\n+A\n@@\n-d\n+D", "A\nb\nc\nD\n"],
    ["after the anchor line only", "x\nfn f\nx\n", "@@ fn f\n-x\n+y", "x\nfn f\ny\n"],
    ["at the end of the file", "x\ny\nx\n", "@@\n-x\n+z\n*** End of File", "x\ny\nz\n"],
    ["trailing whitespace ignored", "a  \nb\n", "@@\n-a\n+A", "A\nb\n"],
    ["indentation ignored last", "    a\nb\n", "@@\n-a\n+A", "A\nb\n"],
    ["lines only added go to the end", "a\n", "@@\n+b", "a\nb\n"],
    ["a final newline added", "a", "@@\n-a\n+b", "b\n"],
    ["old lines not in the file", "a\nb\n", "@@\n-zz\n+y", undefined],
    ["an anchor not in the file", "a\nb\n", "@@ nope\n-a\n+y", undefined],
    ["a second chunk before the first", "a\nb\n", "@@\n-b\n+B\n@@\n-a\n+A", undefined],
  ])("%s", (_what, current, body, after) => {
    expect(applyChunks(current, chunks(body))).toBe(after);
  });
});

describe("what a patch leaves in one file", () => {
  const here = (name: string) => (p: string) => p === name;
  const files: Record<string, string> = { "old.json": FILE };
  const read = (p: string) => files[p];

  it.each<[string, string, string | undefined, string | null | undefined]>([
    [
      "an update",
      patch("*** Update File: s.json", "@@", '-    "allow": ["Bash(git status)"]', '+    "allow": ["Bash(npm test)"]'),
      FILE,
      FILE.replace("git status", "npm test"),
    ],
    ["an added file", patch("*** Add File: s.json", "+{}"), undefined, "{}\n"],
    ["a deleted file", patch("*** Delete File: s.json"), FILE, null],
    ["a file moved away", patch("*** Update File: s.json", "*** Move to: other.json", "@@", " {"), FILE, null],
    ["a file moved in", patch("*** Update File: old.json", "*** Move to: s.json", "@@", " {"), undefined, FILE],
    ["another file only", patch("*** Add File: x.txt", "+x"), FILE, undefined],
    ["the file named twice", patch("*** Delete File: s.json", "*** Add File: s.json", "+{}"), FILE, undefined],
    ["a chunk that does not apply", patch("*** Update File: s.json", "@@", "-nope", "+x"), FILE, undefined],
    ["an update of a missing file", patch("*** Update File: s.json", "@@", "-a", "+b"), undefined, undefined],
    ["not a patch", "hello", FILE, undefined],
  ])("%s", (_what, text, current, after) => {
    expect(patchedText(text, here("s.json"), current, read)).toBe(after);
  });
});
