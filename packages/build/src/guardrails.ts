// Finds the guardrail packages: every packages/<name> with src/manifest.ts and src/guardrail.ts. The build joins each
// with each CLI's adapter itself (hookEntry): no package holds a file per CLI.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CLIS } from "@hookrail/clis";
import { CLI_NAMES, type CliName, type FailurePolicy, type GuardrailManifest, refusalIn } from "@hookrail/core";
import { ADAPTER_MODULE, bundleToDataUrl, type HookEntry } from "./bundle.ts";

export type { HookEntry };

export interface GuardrailPackage {
  dir: string;
  manifest: GuardrailManifest;
  /** From its `src/guardrail.ts`: the loader needs it before the bundle runs. */
  failure: FailurePolicy;
  /** The hook program of each CLI: the guardrail joined with the CLI's adapter. */
  entries: Record<CliName, HookEntry>;
  /** The hook program every CLI of a project shares: the guardrail with each CLI's adapter, run by the CLI's name. */
  shared: HookEntry;
  /**
   * For each CLI this guardrail can be installed in, the hook program that holds every guardrail installable there, run
   * by the guardrail's name (groupEntry): its bundle for a CLI that runs several guardrails in one process (the CLI's
   * packaging's `oneProcess`). None for a CLI that refuses it: its folder there keeps a bundle of its own.
   */
  groups: Partial<Record<CliName, HookEntry>>;
}

/**
 * The hook program that joins a guardrail (the export `name` of its `src/guardrail.ts`) with a CLI's adapter
 * (`<cli>Adapter` of `@hookrail/<cli>`): `hookMain(guardrail, adapter)`, or, required by a caller that runs several
 * guardrails in its own process (core's `requiredAsLibrary`), `answer(input, args)` and nothing else.
 */
export function hookEntry(dir: string, name: string, cli: CliName): HookEntry {
  const imports = [
    [`@hookrail/${cli}`, `import { ${cli}Adapter } from "@hookrail/${cli}";`],
    ["@hookrail/core", `import { type HookAnswer, hookAnswer, hookMain, requiredAsLibrary } from "@hookrail/core";`],
  ].sort(([a = ""], [b = ""]) => (a < b ? -1 : 1));
  const contents = `${imports.map(([, line]) => line).join("\n")}
import { ${name} } from "./guardrail.ts";

export function answer(input: string, args: readonly string[]): Promise<HookAnswer> {
  return hookAnswer(${name}, ${cli}Adapter, input, args);
}

if (!requiredAsLibrary()) void hookMain(${name}, ${cli}Adapter);
`;
  return { contents, resolveDir: join(dir, "src") };
}

/**
 * The hook program that several CLIs share (a project's one copy): the guardrail with every CLI's adapter, `run(cli)`,
 * which runs it with that CLI's adapter as a hook process, and `answer(cli, input, args)`, which answers one event in
 * the caller's process. Each adapter is required only when its CLI runs: loaded at
 * once, the sixteen adapters' set-up would cost several milliseconds on every call.
 */
export function sharedEntry(dir: string, name: string, clis: readonly CliName[]): HookEntry {
  const contents = `import { type Adapter, type HookAnswer, hookAnswer, hookMain } from "@hookrail/core";
import { ${name} } from "./guardrail.ts";

declare const require: (id: string) => Record<string, Adapter>;

const adapters: Record<string, () => Adapter | undefined> = {
${clis.map((cli) => `  ${cli}: () => require("${ADAPTER_MODULE}${cli}").adapter,`).join("\n")}
};

function adapterOf(cli: string): Adapter {
  const adapter = Object.hasOwn(adapters, cli) ? adapters[cli]?.() : undefined;
  if (!adapter) throw new Error(\`this copy of ${name} has no adapter for \${cli}\`);
  return adapter;
}

export function run(cli: string): Promise<void> {
  return hookMain(${name}, adapterOf(cli));
}

export function answer(cli: string, input: string, args: readonly string[]): Promise<HookAnswer> {
  return hookAnswer(${name}, adapterOf(cli), input, args);
}
`;
  return { contents, resolveDir: join(dir, "src") };
}

/**
 * The hook program of a CLI that holds every guardrail (one copy of core, of the shell parser, of the adapter):
 * `run(name)` runs the guardrail of that name as the hook process, `answer(name, input, args)` answers one event in
 * the caller's process. Each guardrail is loaded with `import()` when it runs: esbuild makes it a chunk of its own
 * (what several share, one more), set up only then, and the split puts those chunks in the first part (split.ts's
 * `members`). A `require()` here instead wraps every module the guardrails hold in a set-up function of its own, which
 * cost the merge gate's plain call about 2.3 M instructions more than its own bundle (2 %).
 */
export function groupEntry(
  guardrails: readonly { dir: string; name: string; exportName: string }[],
  cli: CliName,
): HookEntry {
  const first = guardrails[0];
  if (!first) throw new Error(`a group for ${cli} needs a guardrail`);
  const contents = `import { type Adapter, type Guardrail, type HookAnswer, hookAnswer, hookMain } from "@hookrail/core";
import { ${cli}Adapter } from "@hookrail/${cli}";

const guardrails: Record<string, () => Promise<Guardrail>> = {
${guardrails.map((g) => `  ${JSON.stringify(g.name)}: async () => (await import(${JSON.stringify(join(g.dir, "src", "guardrail.ts"))})).${g.exportName},`).join("\n")}
};

function guardrailOf(name: string): Promise<Guardrail> {
  const guardrail = Object.hasOwn(guardrails, name) ? guardrails[name] : undefined;
  if (!guardrail) return Promise.reject(new Error(\`this bundle holds no guardrail named \${name}\`));
  return guardrail();
}

const adapter: Adapter = ${cli}Adapter;

export async function run(name: string): Promise<void> {
  return hookMain(await guardrailOf(name), adapter);
}

export async function answer(name: string, input: string, args: readonly string[]): Promise<HookAnswer> {
  return hookAnswer(await guardrailOf(name), adapter, input, args);
}
`;
  return { contents, resolveDir: join(first.dir, "src") };
}

export async function findGuardrails(root: string): Promise<GuardrailPackage[]> {
  const found: { guardrail: GuardrailPackage; exportName: string }[] = [];
  for (const name of readdirSync(join(root, "packages")).sort()) {
    const dir = join(root, "packages", name);
    const manifestFile = join(dir, "src", "manifest.ts");
    if (!existsSync(manifestFile)) continue;
    const manifest = await loadManifest(manifestFile);
    const { failure, exportName } = await loadGuardrail(join(dir, "src", "guardrail.ts"), manifest.name);
    const entries = Object.fromEntries(CLI_NAMES.map((cli) => [cli, hookEntry(dir, exportName, cli)]));
    const shared = sharedEntry(dir, exportName, CLI_NAMES);
    const guardrail = { dir, manifest, failure, entries: entries as Record<CliName, HookEntry>, shared, groups: {} };
    found.push({ guardrail, exportName });
  }
  // One group per CLI, the same for every guardrail in it: their folders for that CLI ship the same bundle.
  for (const cli of CLI_NAMES) {
    const members = found.filter(
      ({ guardrail }) => refusalIn(guardrail.manifest, CLIS[cli].places.lacks) === undefined,
    );
    if (!members.length) continue;
    const group = groupEntry(
      members.map(({ guardrail, exportName }) => ({ dir: guardrail.dir, name: guardrail.manifest.name, exportName })),
      cli,
    );
    for (const { guardrail } of members) guardrail.groups[cli] = group;
  }
  return found.map(({ guardrail }) => guardrail);
}

async function loadManifest(file: string): Promise<GuardrailManifest> {
  const module = await import(await bundleToDataUrl(file));
  return module.manifest as GuardrailManifest;
}

/** The guardrail its `guardrail.ts` exports under the manifest's name: its failure policy and export name. */
async function loadGuardrail(file: string, name: string): Promise<{ failure: FailurePolicy; exportName: string }> {
  const module: Record<string, unknown> = await import(await bundleToDataUrl(file));
  for (const [exportName, value] of Object.entries(module)) {
    const guardrail = value as { name?: unknown; failure?: unknown } | null;
    if (guardrail?.name !== name) continue;
    if (guardrail.failure === "closed" || guardrail.failure === "open")
      return { failure: guardrail.failure, exportName };
  }
  throw new Error(`${file} exports no guardrail named ${name} with a failure policy`);
}
