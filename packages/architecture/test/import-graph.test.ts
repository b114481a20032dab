// Imports inside the repository: no cycles (type-only ones included; each marks a missing types file),
// and no relative import that leaves its package (another package is imported by its name).
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { importsOf, packageOf, resolveRelative, tsFiles } from "./_imports.ts";

const workspaces = ["packages", "apps"].flatMap((group) =>
  readdirSync(join(repoRoot, group))
    .map((name) => join(repoRoot, group, name))
    .filter((dir) => existsSync(join(dir, "package.json"))),
);

/** Each cycle once, as the files on it (repository-relative), smallest first. */
function cycles(files: string[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((s) => s.startsWith("."))
      .map((s) => resolveRelative(file, s))
      .filter((target) => files.includes(target));
    edges.set(file, targets);
  }
  // Tarjan's strongly connected components: any component of two or more files (or a self-import) is a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, order.get(next) ?? 0));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(relative(repoRoot, member));
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

const allWorkspaces = [...workspaces, join(repoRoot, "test")];

/** Relative imports from files under dir that land in another workspace (root config files are fine). */
function escapes(dir: string): string[] {
  return tsFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((s) => s.startsWith("."))
      .filter((s) => {
        const target = resolveRelative(file, s);
        return allWorkspaces.some((other) => other !== dir && target.startsWith(other + sep));
      })
      .map((s) => `${relative(repoRoot, file)}: ${s}`),
  );
}

describe.each(workspaces.map((dir) => [relative(repoRoot, dir), dir]))("%s", (_name, dir) => {
  it("has no import cycle in src/", () => {
    expect(cycles(tsFiles(join(dir, "src")))).toEqual([]);
  });

  it("imports other packages by name, never by a relative path into another package", () => {
    expect(escapes(dir)).toEqual([]);
  });
});

describe("the conformance suite", () => {
  it("imports other packages by name, never by a relative path into another package", () => {
    expect(escapes(join(repoRoot, "test"))).toEqual([]);
  });
});

describe("importsOf", () => {
  it("sees every form of import, type-only and dynamic ones included", () => {
    const file = join(tempDir(), "sample.ts");
    writeFileSync(
      file,
      [
        'import type { A } from "./a.ts";',
        'import { b } from "@hookrail/core/git";',
        'export { c } from "../c.ts";',
        'import "./side-effect.ts";',
        'const d = await import("@hookrail/claude");',
        'const e = require("@hookrail/gemini");',
        '// text that only mentions from "nowhere" is not an import',
      ].join("\n"),
    );
    expect(importsOf(file).sort()).toEqual(
      ["../c.ts", "./a.ts", "./side-effect.ts", "@hookrail/claude", "@hookrail/core/git", "@hookrail/gemini"].sort(),
    );
    expect(["@hookrail/core/git", "./a.ts", "zod/mini"].map(packageOf)).toEqual(["@hookrail/core", undefined, "zod"]);
  });
});
