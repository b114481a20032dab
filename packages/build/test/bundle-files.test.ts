// Every shipped hook file's bundle is where its loader reads it: beside it, in the file it names, of its build. Node
// then reads and compiles only the small loader on each run. A git hook, copied alone into a repository, keeps its
// bundle in its own comments; a project form's small hook file runs the project's copy and has no bundle.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { bundleFileNamedBy, bundleFileOf, PROJECT_HOOK_MARK } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const plugins = join(repoRoot, "plugins");
const files = readdirSync(plugins, { recursive: true, encoding: "utf8" }).map((f) => join(plugins, f));
const hookFiles = files.filter((f) => f.endsWith(".cjs"));
const bundleFiles = files.filter((f) => f.endsWith(".bundle"));
const kind = (file: string) => {
  const text = readFileSync(file, "utf8");
  if (text.split("\n", 1)[0]?.includes(PROJECT_HOOK_MARK)) return "project form";
  return /[\\/]git[\\/][\w-]+\.cjs$/.test(file) ? "git hook" : "loader";
};

describe("the shipped hook files and their bundles' files", () => {
  it("finds hook files of each kind", () => {
    const kinds = hookFiles.map(kind);
    expect(kinds.filter((k) => k === "loader").length).toBeGreaterThan(60);
    expect(kinds).toContain("project form");
    expect(kinds).toContain("git hook");
  });

  it.each(hookFiles.map((f) => [relative(repoRoot, f), f]))("%s", (_name, file) => {
    const text = readFileSync(file, "utf8");
    const named = bundleFileNamedBy(file, text);
    if (kind(file) !== "loader") {
      expect(named).toBeUndefined();
      return;
    }
    // The loader alone, naming the file beside it that bundleFileOf names, which holds this build's bundle.
    expect(named).toBe(bundleFileOf(file));
    expect(text).not.toMatch(/^\/\/hookrail-bundle /m);
    expect(text.length).toBeLessThan(32 * 1024);
    const bundle = readFileSync(named ?? "", "utf8");
    const id = /^\/\/hookrail-bundle ([\w-]+-[0-9a-f]{16})\n/.exec(bundle)?.[1];
    expect(id, "the bundle's first line names its build").toBeDefined();
    expect(text).toContain(JSON.stringify(`//hookrail-bundle ${id}\n`));
  });

  it("has no bundle's file that no hook file reads", () => {
    const read = new Set(hookFiles.map((f) => bundleFileNamedBy(f, readFileSync(f, "utf8"))));
    expect(bundleFiles.filter((b) => !read.has(b)).map((b) => relative(repoRoot, b))).toEqual([]);
  });
});

describe("bundleFileNamedBy", () => {
  it.each<[string, string, string | undefined]>([
    ["/p/hooks/g.cjs", "// x\n// It reads its bundle from g.bundle beside this file.\ncode", "/p/hooks/g.bundle"],
    ["C:\\p\\g.cjs", "// It reads its bundle from g.bundle beside this file.\n", "C:\\p\\g.bundle"],
    ["/p/g.cjs", "// It reads its bundle from ../g.bundle beside this file.\n", undefined],
    ["/p/g.cjs", "code // It reads its bundle from g.bundle beside this file.\n", undefined],
    ["/p/g.cjs", "//hookrail-bundle g-0123456789abcdef\n//(function", undefined],
  ])("%s: %j → %s", (file, text, expected) => {
    expect(bundleFileNamedBy(file, text)).toBe(expected);
  });
});
