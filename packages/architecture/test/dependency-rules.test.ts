// The dependency rules, checked on every source file: core imports nothing of ours; the shell analysis
// (packages/shell) imports only core; a CLI's package imports only core, except its installer (src/install/),
// which adds the installers' kit (packages/install-kit), and the kit imports only core; a CLI's hook side never
// imports its installer; a guardrail's code imports only core, the shell analysis and the CLIs' places
// (`@hookrail/clis/places`, data only: never an adapter); the list of CLIs (packages/clis) imports core, the CLIs'
// packages and the kit, its places only their places; the plugin build (packages/build) imports core and the list
// of CLIs (it joins each guardrail with each adapter itself); the command reaches a CLI only through that list.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CLI_NAMES } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { importsOf, packageOf, resolveRelative } from "./_imports.ts";

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

// A package without src/ (packages/architecture: tests only) has no source file to check.
const packages = readdirSync(join(repoRoot, "packages")).filter(
  (p) => p !== "test-utils" && existsSync(join(repoRoot, "packages", p, "src")),
);

describe.each(packages)("packages/%s/src", (pkg) => {
  const files = sourceFiles(join(repoRoot, "packages", pkg, "src"));

  it.each(files.map((f) => [relative(repoRoot, f), f]))("%s imports only what it may", (_name, file) => {
    const imports = ourImports(file).filter((name) => name !== `@hookrail/${pkg}`);
    const installer = file.startsWith(join(repoRoot, "packages", pkg, "src", "install") + sep);
    const guardrail = ["@hookrail/core", "@hookrail/shell", "@hookrail/clis"];
    const allowed =
      pkg === "core"
        ? []
        : pkg === "clis"
          ? ["@hookrail/core", "@hookrail/install-kit", ...ADAPTERS.map((cli) => `@hookrail/${cli}`)]
          : pkg === "build"
            ? // It writes each CLI's package into the entries it generates (`@hookrail/${cli}`).
              // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated import, as the scan reads it
              ["@hookrail/core", "@hookrail/clis", "@hookrail/${cli}"]
            : ADAPTERS.includes(pkg) && installer
              ? ["@hookrail/core", "@hookrail/install-kit"]
              : pkg === "shell" || pkg === "install-kit" || ADAPTERS.includes(pkg)
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

  // The hook side is bundled into every plugin: the installer (and what it edits files with) stays out of it.
  const installDir = join(repoRoot, "packages", pkg, "src", "install");
  const hookSide = ADAPTERS.includes(pkg) ? files.filter((f) => !f.startsWith(installDir + sep)) : [];
  it.each(hookSide.map((f) => [relative(repoRoot, f), f]))("%s does not import the installer", (_name, file) => {
    const intoInstaller = importsOf(file).filter((specifier) =>
      specifier.startsWith(".")
        ? resolveRelative(file, specifier).startsWith(installDir + sep)
        : specifier === `@hookrail/${pkg}/install` || packageOf(specifier) === "@hookrail/install-kit",
    );
    expect(intoInstaller).toEqual([]);
  });
});

// The command reaches a CLI only through the list of CLIs (packages/clis), never through a CLI's own package.
describe("apps/cli/src", () => {
  const src = join(repoRoot, "apps", "cli", "src");
  // src/new writes a new guardrail's files: the imports in its templates are that package's, not the command's.
  const files = sourceFiles(src).filter((f) => !f.startsWith(join(src, "new") + sep));

  it.each(files.map((f) => [relative(repoRoot, f), f]))(
    "%s reaches a CLI only through @hookrail/clis",
    (_name, file) => {
      expect(ourImports(file).filter((name) => ADAPTERS.includes(name.slice("@hookrail/".length)))).toEqual([]);
    },
  );
});
