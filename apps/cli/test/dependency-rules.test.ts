// The dependency rules, checked on every source file: core imports nothing of ours; the shell analysis
// (packages/shell) imports only core; a CLI's package imports only core; a guardrail's code imports only core, the
// shell analysis and the CLIs' places (`@hookrail/clis/places`, data only: never an adapter); the list of CLIs
// (packages/clis) imports core and the CLIs' packages, its places only their places; the plugin build
// (packages/build) imports core and the list of CLIs (it joins each guardrail with each adapter itself).
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

// Static imports, re-exports, `import()` and `require()` alike, as packages and as the specifiers written.
const ourImports = (file: string) =>
  importsOf(file)
    .map(packageOf)
    .filter((name): name is string => name?.startsWith("@hookrail/") === true);
const ourSpecifiers = (file: string) => importsOf(file).filter((s) => s.startsWith("@hookrail/"));

const packages = readdirSync(join(repoRoot, "packages")).filter((p) => p !== "test-utils");

describe.each(packages)("packages/%s/src", (pkg) => {
  const files = sourceFiles(join(repoRoot, "packages", pkg, "src"));

  it.each(files.map((f) => [relative(repoRoot, f), f]))("%s imports only what it may", (_name, file) => {
    const imports = ourImports(file).filter((name) => name !== `@hookrail/${pkg}`);
    const guardrail = ["@hookrail/core", "@hookrail/shell", "@hookrail/clis"];
    const allowed =
      pkg === "core"
        ? []
        : pkg === "clis"
          ? ["@hookrail/core", ...ADAPTERS.map((cli) => `@hookrail/${cli}`)]
          : pkg === "build"
            ? // It writes each CLI's package into the entries it generates (`@hookrail/${cli}`).
              // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated import, as the scan reads it
              ["@hookrail/core", "@hookrail/clis", "@hookrail/${cli}"]
            : pkg === "shell" || ADAPTERS.includes(pkg)
              ? ["@hookrail/core"]
              : guardrail;
    expect(imports.filter((name) => !allowed.includes(name))).toEqual([]);
    // Of the list of CLIs, a guardrail takes only the places (data); the places take only each CLI's places.
    const specifiers = ourSpecifiers(file);
    if (pkg !== "clis" && pkg !== "build")
      expect(specifiers.filter((s) => s.startsWith("@hookrail/clis") && s !== "@hookrail/clis/places")).toEqual([]);
    if (file.endsWith(join("clis", "src", "places.ts")))
      expect(specifiers.filter((s) => !/^@hookrail\/(?:core(?:\/cli-places)?|\w+\/places)$/.test(s))).toEqual([]);
  });
});
