// Finds the guardrail packages: every packages/<name> with src/manifest.ts and src/entries/<cli>.ts.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CLI_NAMES, type CliName, type GuardrailManifest } from "@hookrail/core";
import { bundleToDataUrl } from "./bundle.ts";

export interface GuardrailPackage {
  dir: string;
  manifest: GuardrailManifest;
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
    found.push({ dir, manifest: await loadManifest(manifestFile), entries });
  }
  return found;
}

async function loadManifest(file: string): Promise<GuardrailManifest> {
  const module = await import(await bundleToDataUrl(file));
  return module.manifest as GuardrailManifest;
}
