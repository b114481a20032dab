// The dependency rules, checked on every source file: core imports nothing of ours; the shell analysis
// (packages/shell) imports only core; an adapter imports only core; a guardrail's code imports only core and
// the shell analysis, except its thin per-CLI entries, which add one adapter; the list of CLIs (packages/clis)
// imports core and the adapters; the plugin build (packages/build) imports core and the list of CLIs.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { CLI_NAMES } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { importsOf, packageOf } from "./_imports.ts";

const ADAPTERS: readonly string[] = CLI_NAMES;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

// Static imports, re-exports, `import()` and `require()` alike.
const ourImports = (file: string) =>
  importsOf(file)
    .map(packageOf)
    .filter((name): name is string => name?.startsWith("@hookrail/") === true);

const packages = readdirSync(join(repoRoot, "packages")).filter((p) => p !== "test-utils");

describe.each(packages)("packages/%s/src", (pkg) => {
  const files = sourceFiles(join(repoRoot, "packages", pkg, "src"));

  it.each(files.map((f) => [relative(repoRoot, f), f]))("%s imports only what it may", (_name, file) => {
    const imports = ourImports(file).filter((name) => name !== `@hookrail/${pkg}`);
    const entryCli = /\/src\/entries\/(\w+)\.ts$/.exec(file)?.[1];
    const guardrail = ["@hookrail/core", "@hookrail/shell"];
    const allowed =
      pkg === "core"
        ? []
        : pkg === "clis"
          ? ["@hookrail/core", ...ADAPTERS.map((cli) => `@hookrail/${cli}`)]
          : pkg === "build"
            ? ["@hookrail/core", "@hookrail/clis"]
            : pkg === "shell" || ADAPTERS.includes(pkg)
              ? ["@hookrail/core"]
              : entryCli
                ? [...guardrail, `@hookrail/${entryCli}`]
                : guardrail;
    expect(imports.filter((name) => !allowed.includes(name))).toEqual([]);
  });
});
