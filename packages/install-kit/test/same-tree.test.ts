// Whether an installed folder is what copying a shipped one leaves: the same files, or (with `except`) the same files
// but for some at the shipped folder's top, which the copy leaves out and the installed folder must not hold.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sameTree, treeDigest } from "@hookrail/install-kit";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

function folder(files: Record<string, string>): string {
  const dir = tempDir("hookrail-tree-");
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const SHIPPED = { "g.cjs": "a", "g.json": "b", "dispatch.cjs": "d", "sub/dispatch.cjs": "e" };

describe("sameTree", () => {
  it("is true for the same files only", () => {
    expect(sameTree(folder(SHIPPED), folder(SHIPPED))).toBe(true);
    expect(sameTree(folder(SHIPPED), folder({ ...SHIPPED, "g.json": "c" }))).toBe(false);
    expect(sameTree(folder(SHIPPED), folder({ ...SHIPPED, "more.txt": "" }))).toBe(false);
    expect(sameTree(folder(SHIPPED), join(folder(SHIPPED), "gone"))).toBe(false);
  });

  it("leaves out the files named at the shipped folder's top, which the installed one must not hold", () => {
    const { "dispatch.cjs": _, ...installed } = SHIPPED;
    expect(sameTree(folder(SHIPPED), folder(installed), ["dispatch.cjs"])).toBe(true);
    // As an older copy left it, with the file in it: not what the copy leaves now.
    expect(sameTree(folder(SHIPPED), folder(SHIPPED), ["dispatch.cjs"])).toBe(false);
    // Only at the top: a file of that name further down is compared.
    const { "sub/dispatch.cjs": __, ...withoutSub } = installed;
    expect(sameTree(folder(SHIPPED), folder(withoutSub), ["dispatch.cjs"])).toBe(false);
  });

  it("digests nothing for a folder that is not there", () => {
    expect(treeDigest(join(folder({}), "gone"))).toBe("");
    expect(treeDigest(folder(SHIPPED), ["dispatch.cjs"])).not.toBe(treeDigest(folder(SHIPPED)));
  });
});
