// One small per-user state store for every guardrail: namespaces of keys holding JSON values, each
// stamped with updatedAt. It lives in the user's state folder, never inside a repository.
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { type Config, guardrailOptions } from "../config/config.ts";
import { tookPath } from "../hook/cache-paths.ts";
import { describeError, HookrailError } from "../model/errors.ts";
import { removeFile } from "../platform/_remove-file.ts";
import { withFileLock } from "./_file-lock.ts";
import { sha256Hex } from "./_sha256.ts";
import { stateDirectory } from "./_state-dir.ts";
import { ageMs, safeReaddir, writeAtomic } from "./_state-files.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export { removeFile } from "../platform/_remove-file.ts";
export { STALE_LOCK_MS, withFileLock } from "./_file-lock.ts";
export { stateDirectory } from "./_state-dir.ts";

export const DEFAULT_STATE_MAX_AGE_MS = 7 * DAY_MS;

export interface StateEntry {
  key: string;
  value: unknown;
  /** Milliseconds since the epoch of the last write. */
  updatedAt: number;
}

export interface StateStoreOptions {
  /** The folder; default `stateDirectory(env)`. */
  dir?: string;
  env?: NodeJS.ProcessEnv;
  /** Older entries read as absent and are removed; default 7 days. */
  maxAgeMs?: number;
  /** The clock that stamps and expires entries. */
  now?: () => number;
  /** How long a write waits for another writer of the same key (hooks have a 5 s deadline). */
  lockTimeoutMs?: number;
}

// Concurrency, and why: many hook processes (one per tool call, several sessions) write at once, with no
// daemon to serialise them. Each key is its own file, so writers of different keys never meet; every
// write goes to a unique temp file renamed over the old one, so a reader sees the old or the new entry,
// never half of one; writers of the same key take a short O_EXCL lock file around read-modify-write, so
// `update` loses no increments. Reads take no lock.
export class StateStore {
  /** undefined for a user without a home folder: reads find nothing, writes throw a "state" error. */
  readonly dir: string | undefined;
  readonly maxAgeMs: number;
  readonly #now: () => number;
  readonly #lockTimeoutMs: number;

  constructor(options: StateStoreOptions = {}) {
    this.dir = options.dir ?? stateDirectory(options.env ?? process.env);
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_STATE_MAX_AGE_MS;
    this.#now = options.now ?? Date.now;
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 2000;
  }

  get(namespace: string, key: string): StateEntry | undefined {
    if (this.dir === undefined) return undefined;
    const entry = readEntry(this.#file(namespace, key));
    return entry?.key === key && !this.#expired(entry) ? found(entry) : undefined;
  }

  /** Every live entry of a namespace (expired ones are removed on the way). */
  list(namespace: string): StateEntry[] {
    const entries = this.#live(namespace);
    if (entries.length) tookPath("recorded");
    return entries;
  }

  /** The live entries, expired ones removed on the way (the daily sweep's, which finds nothing for a caller). */
  #live(namespace: string): StateEntry[] {
    if (this.dir === undefined) return [];
    const folder = this.#folder(namespace);
    const entries: StateEntry[] = [];
    for (const name of safeReaddir(folder)) {
      if (!name.endsWith(".json")) continue;
      const entry = readEntry(join(folder, name));
      if (entry && !this.#expired(entry)) entries.push(entry);
      else if (entry) this.#tryRemoveExpired(namespace, entry.key);
    }
    return entries;
  }

  set(namespace: string, key: string, value: unknown): StateEntry {
    return this.update(namespace, key, () => value) as StateEntry;
  }

  /** Removes a key; true when it held a live entry. */
  delete(namespace: string, key: string): boolean {
    let existed = false;
    if (this.dir === undefined || readEntry(this.#file(namespace, key)) === undefined) return false;
    this.update(namespace, key, (current) => {
      existed = current !== undefined;
      return undefined;
    });
    return existed;
  }

  /** Atomic read-modify-write of one key: `change` gets the live entry (or undefined) and returns the new value; undefined deletes. */
  update(namespace: string, key: string, change: (current: StateEntry | undefined) => unknown): StateEntry | undefined {
    const file = this.#file(namespace, key);
    try {
      mkdirSync(this.#folder(namespace), { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new HookrailError("state", `cannot create the state folder ${this.dir} (${describeError(error)})`, {
        cause: error,
      });
    }
    const entry = withFileLock(`${file}.lock`, this.#lockTimeoutMs, () => {
      const value = change(this.get(namespace, key));
      if (value === undefined) {
        removeFile(file);
        return undefined;
      }
      const next: StateEntry = { key, value, updatedAt: this.#now() };
      writeAtomic(file, JSON.stringify(next));
      return next;
    });
    this.#sweepDaily(namespace);
    return entry;
  }

  #folder(namespace: string): string {
    if (this.dir === undefined) {
      throw new HookrailError("state", "no state folder: this user has no home folder; set HOOKRAIL_STATE_DIR");
    }
    if (!/^[A-Za-z0-9][\w.-]{0,63}$/.test(namespace)) {
      throw new HookrailError("state", `invalid state namespace "${namespace}"`);
    }
    return join(this.dir, namespace);
  }

  // Hashed names: keys are free text (session ids, checkout paths) of any length.
  #file(namespace: string, key: string): string {
    return join(this.#folder(namespace), `${sha256Hex(key).slice(0, 32)}.json`);
  }

  #expired(entry: StateEntry): boolean {
    return this.#now() - entry.updatedAt > this.maxAgeMs;
  }

  #tryRemoveExpired(namespace: string, key: string): void {
    try {
      // Re-read under the lock: a writer may have refreshed the entry since we read it.
      const file = this.#file(namespace, key);
      withFileLock(`${file}.lock`, 0, () => {
        if (!this.get(namespace, key)) removeFile(file);
      });
    } catch {
      // Busy or unwritable: the next reader prunes it.
    }
  }

  // Namespaces that are only read by key are never listed; a daily sweep keeps them from growing.
  #sweepDaily(namespace: string): void {
    const marker = join(this.#folder(namespace), ".swept");
    try {
      if (Date.now() - statSync(marker).mtimeMs < DAY_MS) return;
      utimesSync(marker, new Date(), new Date());
    } catch {
      try {
        writeFileSync(marker, "");
      } catch {
        return;
      }
    }
    this.#live(namespace);
    for (const name of safeReaddir(this.#folder(namespace))) {
      const path = join(this.#folder(namespace), name);
      // Temp files of writers that died before renaming.
      if (name.endsWith(".tmp") && ageMs(path) > 60 * 60 * 1000) removeFile(path);
    }
  }
}

// Built only when the config has a "state" section (rarely): building zod schemas costs start-up time.
const makeStateSettings = () => z.object({ maxAgeDays: z._default(z.number().check(z.positive()), 7) });
let stateSettings: ReturnType<typeof makeStateSettings> | undefined;

/** The store a hook uses: the user's state folder, the hook's clock, and `state.maxAgeDays` from config. */
export function guardrailState(context: { env: NodeJS.ProcessEnv; config: Config; now: number }): StateStore {
  let maxAgeDays = DEFAULT_STATE_MAX_AGE_MS / DAY_MS;
  if (context.config.sections.state !== undefined) {
    stateSettings ??= makeStateSettings();
    maxAgeDays = guardrailOptions(context.config, "state", stateSettings).maxAgeDays;
  }
  return new StateStore({ env: context.env, now: () => context.now, maxAgeMs: maxAgeDays * DAY_MS });
}

/**
 * A stored entry a run found: a path of its own for the code cache. A guardrail's first call on a machine finds
 * nothing (it writes what the next call reads), so a cache made then would lack what the later calls run, and each
 * would compile it again.
 */
function found(entry: StateEntry): StateEntry {
  tookPath("recorded");
  return entry;
}

/** An entry, or undefined for anything missing, unreadable or corrupt: state is never worth a crash. */
function readEntry(file: string): StateEntry | undefined {
  try {
    const data: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (typeof data !== "object" || data === null || !("value" in data)) return undefined;
    const { key, value, updatedAt } = data as Record<string, unknown>;
    if (typeof key !== "string" || typeof updatedAt !== "number" || !Number.isFinite(updatedAt)) return undefined;
    return { key, value, updatedAt };
  } catch {
    return undefined;
  }
}
