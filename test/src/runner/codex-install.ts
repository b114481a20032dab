// Installs a guardrail for Codex the way `hookrail install --cli codex` will: copy
// plugins/<g>/codex/ to $CODEX_HOME/hookrail/<g>/, merge its hooks into $CODEX_HOME/hooks.json,
// then trust each hook in config.toml. Swap this module for the real command once it exists.
import fs from "node:fs";
import path from "node:path";
import { listHooks, trustToml } from "./codex-trust.ts";
import type { GuardrailSource } from "./types.ts";

type HooksFile = { hooks?: Record<string, unknown[]> };

function readHooks(file: string): HooksFile {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as HooksFile) : {};
}

export function copyAndMerge(src: GuardrailSource, codexHome: string): void {
  const from = path.join(src.root, "plugins", src.guardrail, "codex");
  const dest = path.join(codexHome, "hookrail", src.guardrail);
  fs.cpSync(from, dest, { recursive: true });
  const target = path.join(codexHome, "hooks.json");
  const merged = readHooks(target);
  merged.hooks ??= {};
  for (const [event, groups] of Object.entries(readHooks(path.join(from, "hooks.json")).hooks ?? {})) {
    merged.hooks[event] = [...(merged.hooks[event] ?? []), ...groups];
  }
  fs.writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
}

/** Trusts every hook Codex lists for `cwd`; returns the trusted keys. Throws if one stays untrusted. */
export async function trustAllHooks(
  codexBin: string,
  codexHome: string,
  cwd: string,
  env: Record<string, string>,
): Promise<string[]> {
  const before = await listHooks(codexBin, cwd, env);
  fs.appendFileSync(path.join(codexHome, "config.toml"), trustToml(before));
  const after = await listHooks(codexBin, cwd, env);
  const untrusted = after.filter((h) => h.trustStatus !== "trusted" && h.trustStatus !== "managed");
  if (untrusted.length)
    throw new Error(`codex hooks still untrusted: ${untrusted.map((h) => `${h.key} (${h.trustStatus})`).join(", ")}`);
  return after.map((h) => h.key);
}

export async function installForCodex(
  srcs: readonly GuardrailSource[],
  codexBin: string,
  codexHome: string,
  cwd: string,
  env: Record<string, string>,
): Promise<string[]> {
  for (const src of srcs) copyAndMerge(src, codexHome);
  return srcs.length ? trustAllHooks(codexBin, codexHome, cwd, env) : [];
}
