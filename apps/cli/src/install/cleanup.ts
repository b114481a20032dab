// What hookrail leaves once nothing of it is installed: its audit log, and nothing else. After an
// uninstall, the folders it created are removed once empty; with no install left, so are its state
// folder (session records) but the audit log in it (the record of what the guardrails did is the
// user's: `--purge` removes it too), its code cache, every stable copy in the data folder, its
// record, and the data folder itself. Stable copies no install uses any more (after an update) go at once.
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { auditDirectory } from "@hookrail/core";
import { stateDirectory } from "@hookrail/core/state";
import type { InstallRecords } from "./record.ts";

/** The loader's code cache (packages/build/src/loader.ts keeps it there). */
export function codeCacheDir(env: NodeJS.ProcessEnv, home: string): string {
  if (env.HOOKRAIL_CACHE_DIR) return env.HOOKRAIL_CACHE_DIR;
  const base = env.XDG_CACHE_HOME?.startsWith("/") ? env.XDG_CACHE_HOME : join(home, ".cache");
  return join(base, "hookrail", "v8");
}

/**
 * The folders hookrail's record and its hooks will create (data, state, code cache), up to the first
 * that exists: noted at the first install, gone (when empty) with the last uninstall.
 */
export function runtimeFolders(env: NodeJS.ProcessEnv, home: string, dataDir: string): string[] {
  const folders: string[] = [];
  for (const start of [dataDir, stateDirectory(env), codeCacheDir(env, home)]) {
    for (let dir = start; dir && dir !== home && dir !== dirname(dir) && !existsSync(dir); dir = dirname(dir))
      folders.push(dir);
  }
  return folders;
}

const isVersion = (name: string) => /^\d+\.\d+\.\d+/.test(name);

export interface Tidied {
  removed: string[];
  /** The audit log's folder, when the last install went and the log was kept. */
  auditKept?: string;
  /** The audit log's folder, when the last install went with --purge and the log with it. */
  auditPurged?: string;
}

const hasFiles = (dir: string | undefined): dir is string => !!dir && existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Tidies up after a command. `uninstalled`: the command removed installs (when it removed the last one,
 * the folders hooks made, state and code cache, go too; the audit log only with `purge`).
 */
export function tidy(
  records: InstallRecords,
  env: NodeJS.ProcessEnv,
  home: string,
  current: string,
  uninstalled: boolean,
  purge = false,
): Tidied {
  const removed: string[] = [];
  const result: Tidied = { removed };
  const remove = (path: string) => {
    if (!existsSync(path)) return;
    rmSync(path, { recursive: true, force: true });
    removed.push(path);
  };
  // --purge after the last uninstall already ran (the log was kept then) still removes what is left.
  const nothingLeft = (uninstalled || purge) && records.all().length === 0;
  const used = new Set(records.all().map((r) => r.version));
  if (!nothingLeft) used.add(current);
  if (existsSync(records.dir))
    for (const name of readdirSync(records.dir))
      if (isVersion(name) && !used.has(name)) remove(join(records.dir, name));
  if (nothingLeft) {
    const state = stateDirectory(env);
    const audit = auditDirectory(env);
    if (state && hasFiles(audit) && !purge) {
      for (const name of readdirSync(state)) if (join(state, name) !== audit) remove(join(state, name));
      result.auditKept = audit;
    } else {
      if (hasFiles(audit)) result.auditPurged = audit;
      if (state) remove(state);
    }
    remove(codeCacheDir(env, home));
  }
  const byDepth = (a: string, b: string) => b.length - a.length;
  // A folder not made yet (the state folder before a hook ran) stays listed, for when it is.
  const rmdirEmpty = (dir: string) => {
    try {
      rmdirSync(dir);
      return true;
    } catch {
      return false; // Absent, or not empty: something else lives there now.
    }
  };
  if (nothingLeft) {
    // The record goes first: the folders it lists may hold it.
    const folders = [...records.folders()];
    records.dropFolders(folders);
    records.save();
    for (const dir of [records.dir, ...folders].sort(byDepth))
      if (existsSync(dir) && rmdirEmpty(dir)) removed.push(dir);
    return result;
  }
  // Only what an uninstall emptied goes; an install leaves every folder it made.
  if (uninstalled) records.dropFolders([...records.folders()].sort(byDepth).filter(rmdirEmpty));
  records.save();
  return result;
}
