// The files of a new command gate: a list of command patterns and an approval variable (src/gate.ts, the one
// file to edit), decided on the shared shell analysis (@hookrail/shell) with the merge gate's fail-closed rules.
import { commandGateTests } from "./command-gate-tests.ts";
import { camel, installSection, packageFiles, pascal, type TemplateVersions } from "./common.ts";

export interface CommandGateSpec {
  /** Command patterns: a command's name, then words that follow it ("npm publish"). */
  patterns: string[];
  /** The variable whose `=1` on a command approves it ("PUBLISH_APPROVED"). */
  approvalVariable: string;
}

/** `publish-gate` → pattern `publish`, variable `PUBLISH_APPROVED`; `npm-publish-gate` → `npm publish`, `NPM_PUBLISH_APPROVED`. */
export function commandGateDefaults(name: string): CommandGateSpec {
  const words = name.split("-").filter((word, i, all) => !(word === "gate" && i === all.length - 1 && i > 0));
  return { patterns: [words.join(" ")], approvalVariable: `${words.join("_").toUpperCase()}_APPROVED` };
}

/** Plain words: each pattern lands in a table of shell lines its tests and real-CLI cell run. */
export const PATTERN = /^[A-Za-z0-9._/@:+,-]+( [A-Za-z0-9._/@:+,=-]+)*$/;
export const APPROVAL_VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function commandGateTemplate(
  name: string,
  versions: TemplateVersions,
  spec: CommandGateSpec,
): Record<string, string> {
  const id = camel(name);
  const Id = pascal(name);
  return {
    ...packageFiles(name, versions, ["@hookrail/shell"]),
    "src/gate.ts": `// What ${name} blocks, and the variable that approves one command: the file to edit.
// A pattern is a command's name and the words that follow it among its arguments, options allowed between:
// "npm publish" matches \`npm publish\`, \`npm --tag next publish\`, \`sudo npm publish\`, \`sh -c 'npm publish'\`,
// not \`npm run publish\` or \`echo npm publish\`. \`${spec.approvalVariable}=1 npm publish\` runs: the marker must be
// set on that very command (\`${spec.approvalVariable}=1 sudo npm publish\` is blocked).
export const gate = {
  patterns: ${JSON.stringify(spec.patterns)},
  approvalVariable: ${JSON.stringify(spec.approvalVariable)},
};
`,
    "src/decide.ts": `// ${name}'s pure decision: the simple commands a line would run (wrappers, \`sh -c\`, substitutions… followed
// by @hookrail/shell), each checked against the patterns. It fails closed: a command that matches without its
// own approval blocks, and so does any part of the line that cannot be known before it runs.
import { allow, approved, type Decision, deny } from "@hookrail/core";
import { commandsOf, matchesPattern } from "@hookrail/shell";
import type { ${Id}Facts } from "./facts.ts";

export interface CommandGate {
  patterns: readonly string[];
  approvalVariable: string;
}

export function decide${Id}(facts: ${Id}Facts, options: CommandGate): Decision {
  // Unknown parts matter when the line mentions any word of a pattern.
  const words = [...new Set(options.patterns.flatMap((pattern) => pattern.split(/\\s+/)).filter(Boolean))];
  const mentions = new RegExp(words.map((word) => word.replace(/[.*+?^\${}()|[\\]\\\\]/g, "\\\\$&")).join("|"), "i");
  const { commands, unknown } = commandsOf(facts.line, {
    approvalVariable: options.approvalVariable,
    mentions,
    topic: options.patterns.join(", "),
    cwd: facts.cwd,
    home: facts.home,
  });
  const marker = \`\${options.approvalVariable}=1\`;
  // Approved matches go ahead, and the audit log (hookrail log) records what was approved.
  const used: string[] = [];
  for (const command of commands) {
    for (const pattern of options.patterns) {
      const match = matchesPattern(command, pattern);
      if (match === false) continue;
      if (command.approved) {
        used.push(\`\\\`\${command.text}\\\` runs \${pattern}\`);
        continue;
      }
      const what = match === true ? \`runs \${pattern}\` : \`may run \${pattern} (a word of it is known only when it runs)\`;
      return deny(
        \`${name}: blocked, \\\`\${command.text}\\\` \${what}. Only the user approves that: ask them, and if they say yes run it with \${marker} in front\`,
      );
    }
  }
  const [part] = unknown;
  if (part) {
    return deny(
      \`${name}: blocked, \\\`\${part.command}\\\` cannot be checked before it runs (\${part.why}). Write the command out in full\`,
    );
  }
  return used.length ? approved(\`\${used.join("; ")} (approved with \${marker})\`) : allow();
}
`,
    "src/facts.ts": `// What ${name}'s decision reads: the shell command line and where it starts (for \`cd\` and \`~\`).
import { resolve } from "node:path";
import { type HookEvent, HookrailError } from "@hookrail/core";

export interface ${Id}Facts {
  line: string;
  /** The folder the line starts in; the analysis assumes \`/\` without it. */
  cwd?: string;
  home?: string;
}

/** The facts of a shell command; undefined for any other event. A shell call without a command cannot be read. */
export function gatherFacts(event: HookEvent, env: NodeJS.ProcessEnv): ${Id}Facts | undefined {
  if (event.kind !== "before-tool" || event.tool.kind !== "shell") return undefined;
  const { command, workdir } = event.tool;
  if (command === undefined) throw new HookrailError("input", "a shell call without a command");
  return { line: command, cwd: resolve(event.cwd || "/", workdir ?? "."), home: env.HOME || undefined };
}
`,
    "src/options.ts": `// ${name}'s settings, section "${name}" of .hookrail/config.json (the patterns are in gate.ts).
import type { ProjectPolicy } from "@hookrail/core";
import * as z from "zod/mini";

// Built on first use: the gate runs on every shell command.
const makeSchema = () =>
  z.object({
    /** false turns the gate off; only the user config may say so. */
    enabled: z._default(z.boolean(), true),
  });
let schema: ReturnType<typeof makeSchema> | undefined;

export const ${id}Options = (): ReturnType<typeof makeSchema> => {
  schema ??= makeSchema();
  return schema;
};

export type ${Id}Options = z.infer<ReturnType<typeof makeSchema>>;

/** A project file is committed and the agent can write it: it cannot turn the gate off. */
export const ${id}ProjectPolicy: ProjectPolicy = {
  enabled: { allows: (value) => value !== false, why: "only the user config can turn ${name} off" },
};
`,
    "src/guardrail.ts": `// ${name} as a guardrail: a gate, so it fails closed (an event it cannot read blocks, see docs/failure-policy.md).
import { type Config, defineGuardrail, guardrailOptions } from "@hookrail/core";
import { decide${Id} } from "./decide.ts";
import { gatherFacts } from "./facts.ts";
import { gate } from "./gate.ts";
import { ${id}Options, ${id}ProjectPolicy } from "./options.ts";

const options = (config: Config) => guardrailOptions(config, "${name}", ${id}Options(), ${id}ProjectPolicy);

export const ${id} = defineGuardrail({
  name: "${name}",
  failure: "closed",
  decide(event, context) {
    const facts = gatherFacts(event, context.env);
    if (!facts || !options(context.config).enabled) return { type: "allow" };
    return decide${Id}(facts, gate);
  },
  // What \`hookrail doctor\` shows.
  settings: (config) => ({ ...options(config), ...gate }),
});
`,
    "src/manifest.ts": `// How ${name} hooks into each CLI: before every shell command.
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };
import { gate } from "./gate.ts";

export const manifest: GuardrailManifest = {
  name: "${name}",
  version: pkg.version,
  description: \`Blocks \${gate.patterns.join(", ")} unless \${gate.approvalVariable}=1 prefixes the command.\`,
  bindings: [{ event: "before-tool", tools: ["shell"] }],
  bundle: "${name}.cjs",
  timeoutSeconds: 10,
  tryExample: gate.patterns[0],
};
`,
    "src/index.ts": `export { type CommandGate, decide${Id} } from "./decide.ts";
export { type ${Id}Facts, gatherFacts } from "./facts.ts";
export { gate } from "./gate.ts";
export { ${id} } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { ${id}Options } from "./options.ts";
`,
    ...commandGateTests(name),
    "README.md": `# @hookrail/${name}

What it guards: the shell commands that match the patterns in \`src/gate.ts\` (as scaffolded:
${spec.patterns.map((p) => `\`${p}\``).join(", ")}). They run only with the approval variable set to 1 in front
(as scaffolded: \`${spec.approvalVariable}=1\`), which only the user should give. Commands inside wrappers
(\`sudo\`, \`env\`, \`timeout\`, \`xargs\`…), \`sh -c\`, \`eval\`, substitutions and here-docs count too.

## Options

| key | default | meaning |
|---|---|---|
| \`${name}.enabled\` | \`true\` | \`false\` turns it off (only in the user config) |

The patterns and the variable are code, in \`src/gate.ts\`.

## Decisions it emits

deny when a command matches a pattern without its own marker (\`${spec.approvalVariable}=1\`), naming it; deny when
a part of a line that mentions a pattern's word cannot be known before it runs; otherwise allow.

## Failure policy

A gate: fails closed. An event it cannot read, or a shell call without a command, blocks.

${installSection(name)}`,
  };
}
