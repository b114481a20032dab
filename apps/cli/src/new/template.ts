// The files of a new guardrail package of the basic kind: the merge gate's shape, with a small example
// rule to replace (commands containing a configured string are blocked).
import { camel, installSection, packageFiles, pascal, type TemplateVersions } from "./common.ts";

export function guardrailTemplate(name: string, versions: TemplateVersions): Record<string, string> {
  const id = camel(name);
  const Id = pascal(name);
  return {
    ...packageFiles(name, versions),
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

export type ${Id}Options = z.infer<typeof ${id}Options>;
`,
    "src/decide.ts": `// ${name}'s pure decision: facts and options in, a decision out. Table-test it.
import { type Decision, deny } from "@hookrail/core";
import type { ${Id}Facts } from "./facts.ts";
import type { ${Id}Options } from "./options.ts";

export function decide${Id}(facts: ${Id}Facts, options: ${Id}Options): Decision {
  const hit = options.blocked.find((pattern) => facts.command.includes(pattern));
  return hit ? deny(\`${name}: blocked, the command contains "\${hit}". Ask the user first\`) : { type: "allow" };
}
`,
    "src/facts.ts": `// What ${name}'s decision reads (reading only; what it keeps would go in src/record.ts).
import type { HookEvent } from "@hookrail/core";

export interface ${Id}Facts {
  command: string;
}

/** The facts of a shell command; undefined for any other event. */
export function gatherFacts(event: HookEvent): ${Id}Facts | undefined {
  return event.kind === "before-tool" && event.tool.command !== undefined ? { command: event.tool.command } : undefined;
}
`,
    "src/guardrail.ts": `// ${name} as a guardrail. A gate fails closed; an advisory hook would say failure: "open".
import { defineGuardrail, guardrailOptions } from "@hookrail/core";
import { decide${Id} } from "./decide.ts";
import { gatherFacts } from "./facts.ts";
import { ${id}Options } from "./options.ts";

export const ${id} = defineGuardrail({
  name: "${name}",
  failure: "closed",
  decide(event, context) {
    const options = guardrailOptions(context.config, "${name}", ${id}Options);
    const facts = gatherFacts(event);
    if (!facts || !options.enabled) return { type: "allow" };
    return decide${Id}(facts, options);
  },
  // What \`hookrail doctor\` shows.
  settings: (config) => guardrailOptions(config, "${name}", ${id}Options),
});
`,
    "src/index.ts": `export { decide${Id} } from "./decide.ts";
export { ${id} } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { ${id}Options } from "./options.ts";
`,
    "test/decide.test.ts": `import { describe, expect, it } from "vitest";
import { decide${Id} } from "../src/index.ts";

describe("${name}", () => {
  it.each([
    ["ls -la", "allow"],
    ["sudo rm -rf / --no-preserve-root", "deny"],
  ])("%s → %s", (command, type) => {
    expect(decide${Id}({ command }, { enabled: true, blocked: ["rm -rf /"] }).type).toBe(type);
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

${installSection(name)}`,
  };
}
