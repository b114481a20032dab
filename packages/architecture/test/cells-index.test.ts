// test/README.md's index of the real-CLI cell files ("The cell files") names each file under its folder, once:
// a cell file added, moved or removed without its line fails here. A folder holding only what `hookrail new` writes
// may be missing from it, so a new guardrail's tests pass untouched.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const root = repoRoot;
const cells = join(root, "test", "cells");

/** The files the index names, as `<folder>/<file>`: a "`cells/<folder>/`" line, then "- `<file>`: …" lines. */
function indexedCellFiles(readme: string): string[] {
  const section = readme.split("\n## The cell files\n")[1]?.split("\n## ")[0] ?? "";
  const files: string[] = [];
  let folder = "";
  for (const line of section.split("\n")) {
    const heading = /^`cells\/([\w-]+)\/`$/.exec(line);
    if (heading) folder = heading[1] ?? "";
    const item = /^- `([\w.-]+\.test\.ts)`/.exec(line);
    if (item) files.push(`${folder}/${item[1]}`);
  }
  return files;
}

function cellFiles(): string[] {
  return readdirSync(cells, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

describe("the index of the real-CLI cell files", () => {
  it("reads a folder's lines as that folder's files", () => {
    const readme =
      "# x\n\n## The cell files\n\n`cells/a/`\n- `one.test.ts`: …\n\n`cells/b/`\n- `two.test.ts`: …\n\n## Next\n- `three.test.ts`: …\n";
    expect(indexedCellFiles(readme)).toEqual(["a/one.test.ts", "b/two.test.ts"]);
  });

  it("in test/README.md names every file of each folder it lists, once, and no file that is not there", () => {
    const indexed = indexedCellFiles(readFileSync(join(root, "test", "README.md"), "utf8"));
    expect(new Set(indexed).size, "a file named twice").toBe(indexed.length);
    const folders = new Set(indexed.map((file) => file.split("/")[0]));
    expect([...indexed].sort()).toEqual(cellFiles().filter((file) => folders.has(file.split("/")[0])));
  });

  it("leaves out only a folder holding just what `hookrail new` writes (<name>/<name>.test.ts)", () => {
    const indexed = indexedCellFiles(readFileSync(join(root, "test", "README.md"), "utf8"));
    const folders = new Set(indexed.map((file) => file.split("/")[0]));
    const unlisted = cellFiles().filter((file) => !folders.has(file.split("/")[0]));
    for (const file of unlisted) {
      const [folder = "", name = ""] = file.split("/");
      expect(name, `test/cells/${file} is not in test/README.md's index`).toBe(`${folder}.test.ts`);
    }
  });
});
