// What every kind of new guardrail package has: its package files and one entry per CLI.

/** `publish-gate` → `publishGate`. */
export const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `publish-gate` → `PublishGate`. */
export const pascal = (name: string) => camel(name).replace(/^./, (c) => c.toUpperCase());

/** The workspace's own versions, so a scaffold always depends on what the repository has now. */
export interface TemplateVersions {
  /** Package name → version, for every workspace package the scaffold depends on. */
  workspace: Record<string, string>;
  /** The zod range core depends on. */
  zod: string;
}

/** One entry per CLI, imports in the order the linter wants (package names sorted, then the local file). */
function entryFile(name: string, cli: string): string {
  const imports = [
    [`@hookrail/${cli}`, `import { ${cli}Adapter } from "@hookrail/${cli}";`],
    ["@hookrail/core", `import { hookMain } from "@hookrail/core";`],
  ].sort(([a = ""], [b = ""]) => (a < b ? -1 : 1));
  return `// The ${cli} hook: joins ${name} with the ${cli} adapter. Bundled into plugins/${name}/${cli}/.
${imports.map(([, line]) => line).join("\n")}
import { ${camel(name)} } from "../guardrail.ts";

void hookMain(${camel(name)}, ${cli}Adapter);
`;
}

/** package.json, the tool configs and the entries; `uses` are the workspace packages its code imports. */
export function packageFiles(
  name: string,
  clis: readonly string[],
  versions: TemplateVersions,
  uses: readonly string[] = [],
): Record<string, string> {
  const version = (pkg: string) => {
    const found = versions.workspace[pkg];
    if (!found) throw new Error(`the workspace has no ${pkg} package`);
    return found;
  };
  const dependencies = Object.fromEntries([
    ...["@hookrail/core", ...uses].sort().map((pkg) => [pkg, version(pkg)]),
    ["zod", versions.zod],
  ]);
  const devDependencies = Object.fromEntries(
    [...clis.map((cli) => `@hookrail/${cli}`), "@hookrail/test-utils"].sort().map((pkg) => [pkg, version(pkg)]),
  );
  const pkg = {
    name: `@hookrail/${name}`,
    version: "0.1.0",
    private: true,
    description: `hookrail guardrail: ${name}`,
    license: "MIT",
    type: "module",
    exports: { ".": { "@hookrail/source": "./src/index.ts", default: "./src/index.ts" } },
    scripts: {
      build: `node ../../scripts/run-ts.mjs ../build/src/main.ts ${name}`,
      typecheck: "tsc --noEmit",
      test: "vitest run",
      bench: `node ../../scripts/bench.mjs ${name}`,
    },
    dependencies,
    devDependencies,
  };
  return {
    "package.json": `${JSON.stringify(pkg, null, 2)}\n`,
    // The build writes the repository's plugins/<name>/ folders, outside this package: turbo must not cache it.
    "turbo.json": `{\n  "extends": ["//"],\n  "tasks": {\n    "build": { "cache": false, "outputs": [] }\n  }\n}\n`,
    "tsconfig.json": `{ "extends": "../../tsconfig.base.json", "include": ["src", "test"] }\n`,
    "vitest.config.ts": `import { sharedConfig } from "../../vitest.shared.ts";\n\nexport default sharedConfig;\n`,
    ...Object.fromEntries(clis.map((cli) => [`src/entries/${cli}.ts`, entryFile(name, cli)])),
  };
}

/** The install lines every guardrail README ends with. */
export const installSection = (name: string) => `## Install

- Claude Code: \`claude plugin marketplace add <repo> && claude plugin install ${name}@hookrail\`
- Gemini CLI: \`gemini extensions link plugins/${name}/gemini --consent\`
- Codex CLI: \`hookrail install ${name} --cli codex\`
- Copilot CLI: \`hookrail install ${name} --cli copilot\`
- Qwen Code: \`hookrail install ${name} --cli qwen\`
- Factory Droid: \`hookrail install ${name} --cli droid\`
- Kimi Code: \`hookrail install ${name} --cli kimi\`
- Cursor: \`hookrail install ${name} --cli cursor\` (built from the documentation; not yet run against the real binary here)
- Antigravity CLI: \`hookrail install ${name} --cli antigravity\` (built from the documentation; not yet run against the real binary here)
`;
