import { cliLabel, supportedClis } from "@hookrail/clis";
// What every kind of new guardrail package has: its package files (the build joins it with each CLI's adapter).

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

/** package.json and the tool configs; `uses` are the workspace packages its code imports. */
export function packageFiles(
  name: string,
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
  // Its tests reach the CLIs' adapters through the one list of CLIs.
  const devDependencies = Object.fromEntries(
    ["@hookrail/clis", "@hookrail/test-utils"].map((pkg) => [pkg, version(pkg)]),
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
    "turbo.json": guardrailTurboJson(name),
    "tsconfig.json": `{ "extends": "../../tsconfig.base.json", "include": ["src", "test"] }\n`,
    "vitest.config.ts": `import { sharedConfig } from "../../vitest.shared.ts";\n\nexport default sharedConfig;\n`,
  };
}

/**
 * A guardrail's turbo.json. Its build writes the repository's plugins/<name>/ folder, outside the package: that
 * folder is the cached output, and the builder, the runner and the root package (the marketplace's description,
 * the lockfile) are inputs beside the package's own files and its dependencies'. The root marketplace file is
 * written by every guardrail's build from every manifest, so it is no one build's cached output.
 */
export const guardrailTurboJson = (name: string) => `{
  "extends": ["//"],
  "tasks": {
    "build": {
      "inputs": [
        "$TURBO_DEFAULT$",
        "$TURBO_ROOT$/packages/build/src/**",
        "$TURBO_ROOT$/scripts/run-ts.mjs",
        "$TURBO_ROOT$/package.json",
        "$TURBO_ROOT$/package-lock.json"
      ],
      "outputs": ["$TURBO_ROOT$/plugins/${name}/**"]
    }
  }
}
`;

/** The install lines every guardrail README ends with: one per supported CLI. */
export const installSection = (name: string) =>
  `## Install\n\n${supportedClis()
    .map((cli) => {
      const label = cliLabel(cli.name);
      return `- ${cli.title}: \`npx hookrail install ${name} --cli ${cli.name}\`${label ? ` (${label})` : ""}`;
    })
    .join("\n")}\n`;
