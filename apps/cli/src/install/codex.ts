// Installs a guardrail's Codex hook: copy its folder into $CODEX_HOME/hookrail/<name>/, merge its hooks
// into $CODEX_HOME/hooks.json (keeping everything else there), and trust exactly those hooks.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { UserError } from "../registry.ts";
import { type CodexGroup, codexTrustEntries, withTrustTables } from "./codex-trust.ts";

export interface CodexInstallResult {
  hooksFile: string;
  installedDir: string;
  trusted: string[];
}

export const codexHome = (env: NodeJS.ProcessEnv) => env.CODEX_HOME || join(env.HOME || homedir(), ".codex");

export function installCodex(name: string, sourceDir: string, env: NodeJS.ProcessEnv): CodexInstallResult {
  const home = codexHome(env);
  const installedDir = join(home, "hookrail", name);
  const hooksFile = join(home, "hooks.json");
  // Read the user's file first: if it is broken, nothing is changed.
  const existing = readHooksFile(hooksFile);
  mkdirSync(dirname(installedDir), { recursive: true });
  cpSync(sourceDir, installedDir, { recursive: true, force: true });

  const ours = JSON.parse(readFileSync(join(sourceDir, "hooks.json"), "utf8")) as {
    hooks: Record<string, CodexGroup[]>;
  };
  const hooks = existing.hooks ?? {};
  const isOurs = isHookrailGroup(name);
  for (const [event, groups] of Object.entries(ours.hooks)) {
    const list = hooks[event] ?? [];
    // Replace our earlier groups in place, so the positions (and trust) of the user's other hooks stay.
    const at = list.findIndex(isOurs);
    const kept = list.filter((group) => !isOurs(group));
    if (at === -1) kept.push(...groups);
    else kept.splice(at, 0, ...groups);
    hooks[event] = kept;
  }
  writeAtomic(hooksFile, `${JSON.stringify({ ...existing, hooks }, null, 2)}\n`);

  const entries = codexTrustEntries(hooksFile, hooks, isOurs);
  const configFile = join(home, "config.toml");
  const toml = existsSync(configFile) ? readFileSync(configFile, "utf8") : "";
  writeAtomic(configFile, withTrustTables(toml, entries));
  return { hooksFile, installedDir, trusted: entries.map((e) => e.key) };
}

/** Groups whose command runs this guardrail's installed bundle. */
export const isHookrailGroup = (name: string) => (group: CodexGroup) =>
  group.hooks.some((h) => h.command.includes(`/hookrail/${name}/`));

/** The user's hooks.json; a file we cannot read is an error that names it, never overwritten. */
export function readHooksFile(file: string): { hooks?: Record<string, CodexGroup[]>; description?: string } {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UserError(`${file} is not valid JSON (${(error as Error).message}); fix it, then install again`);
  }
}

function writeAtomic(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.hookrail-${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}
