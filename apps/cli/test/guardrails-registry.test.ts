// The command finds its guardrails from packages/*/src/manifest.ts: a stale generated registry, a missing
// workspace dependency or a cached build would let try/run/install/list answer with old code.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain build script without types
import { GENERATED, generatedText, guardrailPackages, PACKAGE_JSON, packageJsonText } from "../scripts/guardrails.mjs";
import { guardrailTurboJson } from "../src/new/common.ts";
import { guardrails } from "../src/registry.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const names: string[] = guardrailPackages(root);
/** The folders of test/cells that are no one guardrail's: the suite's own control and every guardrail at once, and install. */
const CROSS_GUARDRAIL_CELLS = ["suite", "install"];

describe("guardrail discovery", () => {
  it("finds at least the guardrail packages of the repository", () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(existsSync(join(root, "packages", name, "src", "manifest.ts"))).toBe(true);
  });

  it("has a committed registry equal to what the script writes (node apps/cli/scripts/guardrails.mjs)", () => {
    expect(readFileSync(GENERATED, "utf8")).toBe(generatedText(names));
  });

  it.each(names)("registers %s under its manifest name with its guardrail", (name) => {
    expect(guardrails[name]?.manifest.name).toBe(name);
    expect(guardrails[name]?.guardrail.name).toBe(name);
  });

  it.each(names)("depends on @hookrail/%s, so the workspace links it and the build sees it change", (name) => {
    const pkg = JSON.parse(readFileSync(PACKAGE_JSON, "utf8"));
    expect(Object.keys(pkg.devDependencies)).toContain(`@hookrail/${name}`);
  });

  it("picks up a new package with a manifest, and only such packages", () => {
    const repo = mkdtempSync(join(tmpdir(), "hookrail-discover-"));
    try {
      const packages: [string, string[]][] = [
        ["zz-new", ["src/manifest.ts", "package.json"]],
        ["not-one", ["package.json"]],
      ];
      for (const [name, files] of packages) {
        mkdirSync(join(repo, "packages", name, "src"), { recursive: true });
        for (const file of files)
          writeFileSync(join(repo, "packages", name, file), file === "package.json" ? '{"version":"9.9.9"}' : "");
      }
      const found: string[] = guardrailPackages(repo);
      expect(found).toEqual(["zz-new"]);
      expect(generatedText(found)).toContain('from "@hookrail/zz-new"');
      const pkg = JSON.parse(packageJsonText('{"devDependencies":{"a":"1"}}', found, repo));
      expect(pkg.devDependencies).toEqual({ "@hookrail/zz-new": "9.9.9", a: "1" });
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it.each(names)("has real-CLI cells for %s in test/cells/%s/, in a file named after it", (name) => {
    expect(existsSync(join(root, "test", "cells", name, `${name}.test.ts`))).toBe(true);
  });

  it("keeps every real-CLI cell file in a guardrail's folder, or in suite/ or install/ (the cells across guardrails)", () => {
    const cells = join(root, "test", "cells");
    const folders = [...names, ...CROSS_GUARDRAIL_CELLS];
    for (const entry of readdirSync(cells, { withFileTypes: true })) {
      expect(entry.isDirectory(), `test/cells/${entry.name} is not in a folder`).toBe(true);
      expect(folders, `test/cells/${entry.name}/ is no guardrail's`).toContain(entry.name);
    }
  });

  it.each(names)("%s's build is cached with its plugins folder as the output, as a new guardrail's is", (name) => {
    expect(readFileSync(join(root, "packages", name, "turbo.json"), "utf8")).toBe(guardrailTurboJson(name));
  });

  it("never replays a cached build of the command", () => {
    const turbo = JSON.parse(readFileSync(join(root, "turbo.json"), "utf8"));
    expect(turbo.tasks["hookrail#build"]?.cache).toBe(false);
  });
});
