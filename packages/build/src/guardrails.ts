// Finds the guardrail packages: every packages/<name> with src/manifest.ts and src/entries/<cli>.ts.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CLI_NAMES, type CliName, type FailurePolicy, type GuardrailManifest } from "@hookrail/core";
import { bundleToDataUrl } from "./bundle.ts";

export interface GuardrailPackage {
  dir: string;
  manifest: GuardrailManifest;
  /** From its `src/guardrail.ts`: the loader needs it before the bundle runs. */
  failure: FailurePolicy;
  entries: Record<CliName, string>;
}

export async function findGuardrails(root: string): Promise<GuardrailPackage[]> {
  const found: GuardrailPackage[] = [];
  for (const name of readdirSync(join(root, "packages")).sort()) {
    const dir = join(root, "packages", name);
    const manifestFile = join(dir, "src", "manifest.ts");
    if (!existsSync(manifestFile)) continue;
    const entries = Object.fromEntries(
      CLI_NAMES.map((cli) => [cli, join(dir, "src", "entries", `${cli}.ts`)]),
    ) as Record<CliName, string>;
    const missing = Object.values(entries).filter((file) => !existsSync(file));
    if (missing.length) throw new Error(`${name}: missing entry files ${missing.join(", ")}`);
    const manifest = await loadManifest(manifestFile);
    found.push({
      dir,
      manifest,
      failure: await loadFailurePolicy(join(dir, "src", "guardrail.ts"), manifest.name),
      entries,
    });
  }
  return found;
}

async function loadManifest(file: string): Promise<GuardrailManifest> {
  const module = await import(await bundleToDataUrl(file));
  return module.manifest as GuardrailManifest;
}

/** The failure policy of the guardrail its `guardrail.ts` exports under the manifest's name. */
async function loadFailurePolicy(file: string, name: string): Promise<FailurePolicy> {
  const module: Record<string, unknown> = await import(await bundleToDataUrl(file));
  for (const value of Object.values(module)) {
    const guardrail = value as { name?: unknown; failure?: unknown } | null;
    if (guardrail?.name !== name) continue;
    if (guardrail.failure === "closed" || guardrail.failure === "open") return guardrail.failure;
  }
  throw new Error(`${file} exports no guardrail named ${name} with a failure policy`);
}
