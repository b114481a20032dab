// The files of a new guardrail package: the merge gate's shape, with a small example rule to replace.
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The workspace's own versions, so a scaffold always depends on what the repository has now. */
export interface TemplateVersions {
  /** Package name → version, for every workspace package the scaffold depends on. */
  workspace: Record<string, string>;
  /** The zod range core depends on. */
  zod: string;
}

/** One entry per CLI, imports in the order the linter wants (package names sorted, then the local file). */
function entryFile(name: string, id: string, cli: string): string {
  const imports = [
    [`@hookrail/${cli}`, `import { ${cli}Adapter } from "@hookrail/${cli}";`],
    ["@hookrail/core", `import { hookMain } from "@hookrail/core";`],
  ].sort(([a = ""], [b = ""]) => (a < b ? -1 : 1));
  return `// The ${cli} hook: joins ${name} with the ${cli} adapter. Bundled into plugins/${name}/${cli}/.
${imports.map(([, line]) => line).join("\n")}
import { ${id} } from "../guardrail.ts";

void hookMain(${id}, ${cli}Adapter);
`;
}

export function guardrailTemplate(
  name: string,
  clis: readonly string[],
  versions: TemplateVersions,
): Record<string, string> {
  const id = camel(name);
  const version = (pkg: string) => {
    const found = versions.workspace[pkg];
    if (!found) throw new Error(`the workspace has no ${pkg} package`);
    return found;
  };
  const entries = Object.fromEntries(clis.map((cli) => [`src/entries/${cli}.ts`, entryFile(name, id, cli)]));
  return {
    "package.json": `${JSON.stringify(
      {
        name: `@hookrail/${name}`,
        version: "0.1.0",
        private: true,
        description: `hookrail guardrail: ${name}`,
        license: "MIT",
        type: "module",
        exports: {
          ".": { "@hookrail/source": "./src/index.ts", default: "./src/index.ts" },
        },
        scripts: {
          build: `node ../../scripts/run-ts.mjs ../../scripts/build-plugins.ts ${name}`,
          typecheck: "tsc --noEmit",
          test: "vitest run",
          bench: `node ../../scripts/bench.mjs ${name}`,
        },
        dependencies: { "@hookrail/core": version("@hookrail/core"), zod: versions.zod },
        devDependencies: Object.fromEntries(
          [...clis.map((cli) => `@hookrail/${cli}`), "@hookrail/test-utils"].sort().map((pkg) => [pkg, version(pkg)]),
        ),
      },
      null,
      2,
    )}\n`,
    // The build writes the repository's plugins/<name>/ folders, outside this package: turbo must not cache it.
    "turbo.json": `{\n  "extends": ["//"],\n  "tasks": {\n    "build": { "cache": false, "outputs": [] }\n  }\n}\n`,
    "tsconfig.json": `{ "extends": "../../tsconfig.base.json", "include": ["src", "test"] }\n`,
    "vitest.config.ts": `import { sharedConfig } from "../../vitest.shared.ts";\n\nexport default sharedConfig;\n`,
    "src/manifest.ts": `// How ${name} hooks into each CLI.
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "${name}",
  version: pkg.version,
  description: "Blocks shell commands that match a pattern you choose.",
  bindings: [{ event: "before-tool", tools: ["shell"] }],
  bundle: "${name}.cjs",
  timeoutSeconds: 10,
  tryExample: "rm -rf /",
};
`,
    "src/options.ts": `// ${name}'s settings, section "${name}" of .hookrail/config.json.
import * as z from "zod/mini";

export const ${id}Options = z.object({
  enabled: z._default(z.boolean(), true),
  /** Commands containing any of these strings are blocked. */
  blocked: z._default(z.array(z.string().check(z.minLength(1))), ["rm -rf /"]),
});

export type ${camel(`${name}-options`).replace(/^./, (c) => c.toUpperCase())} = z.infer<typeof ${id}Options>;
`,
    "src/decide.ts": `// ${name}'s pure decision: facts and options in, a decision out. Table-test it.
import { type Decision, deny } from "@hookrail/core";
import type { ${id.replace(/^./, (c) => c.toUpperCase())}Facts } from "./facts.ts";
import type { ${id.replace(/^./, (c) => c.toUpperCase())}Options } from "./options.ts";

export function decide${id.replace(/^./, (c) => c.toUpperCase())}(facts: ${id.replace(/^./, (c) => c.toUpperCase())}Facts, options: ${id.replace(/^./, (c) => c.toUpperCase())}Options): Decision {
  const hit = options.blocked.find((pattern) => facts.command.includes(pattern));
  return hit ? deny(\`${name}: blocked, the command contains "\${hit}". Ask the user first\`) : { type: "allow" };
}
`,
    "src/facts.ts": `// What ${name}'s decision reads (reading only; what it keeps would go in src/record.ts).
import type { HookEvent } from "@hookrail/core";

export interface ${id.replace(/^./, (c) => c.toUpperCase())}Facts {
  command: string;
}

/** The facts of a shell command; undefined for any other event. */
export function gatherFacts(event: HookEvent): ${id.replace(/^./, (c) => c.toUpperCase())}Facts | undefined {
  return event.kind === "before-tool" && event.tool.command !== undefined ? { command: event.tool.command } : undefined;
}
`,
    "src/guardrail.ts": `// ${name} as a guardrail. A gate fails closed; an advisory hook would say failure: "open".
import { defineGuardrail, guardrailOptions } from "@hookrail/core";
import { decide${id.replace(/^./, (c) => c.toUpperCase())} } from "./decide.ts";
import { gatherFacts } from "./facts.ts";
import { ${id}Options } from "./options.ts";

export const ${id} = defineGuardrail({
  name: "${name}",
  failure: "closed",
  decide(event, context) {
    const options = guardrailOptions(context.config, "${name}", ${id}Options);
    const facts = gatherFacts(event);
    if (!facts || !options.enabled) return { type: "allow" };
    return decide${id.replace(/^./, (c) => c.toUpperCase())}(facts, options);
  },
});
`,
    "src/index.ts": `export { decide${id.replace(/^./, (c) => c.toUpperCase())} } from "./decide.ts";
export { ${id} } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { ${id}Options } from "./options.ts";
`,
    ...entries,
    "test/decide.test.ts": `import { describe, expect, it } from "vitest";
import { decide${id.replace(/^./, (c) => c.toUpperCase())} } from "../src/index.ts";

describe("${name}", () => {
  it.each([
    ["ls -la", "allow"],
    ["sudo rm -rf / --no-preserve-root", "deny"],
  ])("%s → %s", (command, type) => {
    expect(decide${id.replace(/^./, (c) => c.toUpperCase())}({ command }, { enabled: true, blocked: ["rm -rf /"] }).type).toBe(type);
  });
});
`,
    "README.md": `# @hookrail/${name}

What it guards: shell commands that contain a blocked string.

## Options

| key | default | meaning |
|---|---|---|
| \`${name}.enabled\` | \`true\` | \`false\` turns it off |
| \`${name}.blocked\` | \`["rm -rf /"]\` | blocked substrings |

## Decisions it emits

deny with the matched string; otherwise allow.

## Failure policy

A gate: fails closed.

## Install

- Claude Code: \`claude plugin marketplace add <repo> && claude plugin install ${name}@hookrail\`
- Gemini CLI: \`gemini extensions link plugins/${name}/gemini --consent\`
- Codex CLI: \`hookrail install ${name} --cli codex\`
`,
  };
}
