// The files an apply_patch text names (Codex's apply_patch, Droid's ApplyPatch).
import { describe, expect, it } from "vitest";
import { patchFiles } from "../src/index.ts";

describe("patchFiles", () => {
  it.each([
    ["*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n", ["a.txt"]],
    [
      "*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n@@\n-x\n+y\n*** Delete File: c.md\n*** End Patch",
      ["src/a.ts", "src/b.ts", "c.md"],
    ],
    ["not a patch", []],
    [42, []],
  ])("%j", (patch, files) => {
    expect(patchFiles(patch)).toEqual(files);
  });
});
