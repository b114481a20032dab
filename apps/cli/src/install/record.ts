// What hookrail installed, in two files of its data folder:
// - installs.json, small: per CLI, scope, project and guardrail, the version and the probes a
//   session-start hook checks (@hookrail/core's install-check.ts reads it on every session start);
// - install-backups.json: each file's content before and after each install, each file's content
//   before hookrail first changed it (its baseline), and the folders hookrail created. Uninstall puts
//   a file back byte for byte when its content is still what the install left, or when what is left
//   of it means the same as its baseline; else it removes only hookrail's entries.
import { existsSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { type InstallProbe, installRecordPath, type RecordedInstall, readInstallRecord } from "@hookrail/core";
import { type Change, readText, type Scope, sameContent, writeAtomic } from "@hookrail/install-kit";
import { dataHome } from "./bundles.ts";

export interface InstallRecord extends RecordedInstall {
  scope: Scope;
}

export interface RecordKey {
  cli: string;
  scope: Scope;
  project?: string;
  guardrail: string;
}

type FileHistory = Record<string, { before?: string | null; after: string | null }>;

interface Backups {
  /** Per install (by id): each file's content before its first change and after its last. */
  installs: Record<string, FileHistory>;
  /** Per file: its content before hookrail changed it first (null: it did not exist). */
  baselines: Record<string, string | null>;
  /** Folders hookrail created (or that did not exist before its first install), removed again once empty. */
  folders: string[];
}

export const recordId = (k: RecordKey): string =>
  [k.cli, k.scope, k.scope === "project" ? k.project : "", k.guardrail].join("\u0000");

function readBackups(file: string): Backups {
  try {
    const data = JSON.parse(readText(file) ?? "{}") as Partial<Backups>;
    return { installs: data.installs ?? {}, baselines: data.baselines ?? {}, folders: data.folders ?? [] };
  } catch {
    return { installs: {}, baselines: {}, folders: [] };
  }
}

export class InstallRecords {
  readonly dir: string;
  readonly file: string;
  readonly backupsFile: string;
  private entries: InstallRecord[];
  private backups: Backups;

  constructor(env: NodeJS.ProcessEnv, home: string) {
    this.dir = dataHome(env, home);
    this.file = installRecordPath(this.dir);
    this.backupsFile = join(this.dir, "install-backups.json");
    this.backups = readBackups(this.backupsFile);
    const raw = readInstallRecord(this.file) as (InstallRecord & { files?: FileHistory })[];
    // The first record format kept each file's history inline.
    for (const entry of raw) if (entry.files) this.backups.installs[recordId(entry)] ??= entry.files;
    this.entries = raw.map(({ files: _, ...entry }) => entry);
  }

  all(): readonly InstallRecord[] {
    return this.entries;
  }

  get(key: RecordKey): InstallRecord | undefined {
    return this.entries.find((e) => recordId(e) === recordId(key));
  }

  /** Notes an applied install: its probes, and the files it changed chained to what an earlier install of it left. */
  noteInstall(
    key: RecordKey,
    version: string,
    changes: readonly Change[],
    extra: { probes?: InstallProbe[]; prefix?: string },
  ) {
    const id = recordId(key);
    const files: FileHistory = { ...this.backups.installs[id] };
    for (const c of changes) {
      if ((c.kind !== "file" && c.kind !== "settle") || c.before === c.after) continue;
      if (!(c.path in this.backups.baselines)) this.backups.baselines[c.path] = c.before;
      const earlier = files[c.path];
      const chained = earlier ? earlier.after === c.before : true;
      files[c.path] = { ...(chained ? { before: earlier ? earlier.before : c.before } : {}), after: c.after };
    }
    this.backups.installs[id] = files;
    this.entries = this.entries.filter((e) => recordId(e) !== id);
    this.entries.push({
      cli: key.cli,
      scope: key.scope,
      ...(key.scope === "project" ? { project: key.project } : {}),
      guardrail: key.guardrail,
      version,
      ...(extra.prefix ? { prefix: extra.prefix } : {}),
      ...(extra.probes?.length ? { probes: extra.probes } : {}),
    });
  }

  /**
   * The uninstall's file changes, each put back to its recorded content when nothing else changed the
   * file, or to its baseline when what is left means the same (so no `{}` or reordered file is left behind).
   */
  restore(key: RecordKey, changes: Change[]): Change[] {
    const files = this.backups.installs[recordId(key)] ?? {};
    return changes.map((c) => {
      if (c.kind !== "file" && c.kind !== "settle") return c;
      const seen = files[c.path];
      let after = c.after;
      if (seen && seen.before !== undefined && seen.after === c.before && !(c.kind === "file" && c.derived))
        after = seen.before;
      if (c.path in this.backups.baselines) {
        const baseline = this.backups.baselines[c.path] ?? null;
        if (after !== baseline && sameContent(c.path, after, baseline)) after = baseline;
      }
      if (after === c.after) return c;
      return c.kind === "settle" ? { ...c, after, exact: true } : { ...c, after };
    });
  }

  /** Notes an applied uninstall: the install is gone, and files given back to their baseline are the user's again. */
  forget(key: RecordKey, changes: readonly Change[] = []): void {
    const id = recordId(key);
    this.entries = this.entries.filter((e) => recordId(e) !== id);
    delete this.backups.installs[id];
    for (const c of changes)
      if ((c.kind === "file" || c.kind === "settle") && c.path in this.backups.baselines)
        if (this.backups.baselines[c.path] === c.after) delete this.backups.baselines[c.path];
    // A file no install of ours touches any more is the user's again, whatever it holds.
    const touched = new Set(Object.values(this.backups.installs).flatMap((f) => Object.keys(f)));
    for (const path of Object.keys(this.backups.baselines)) if (!touched.has(path)) delete this.backups.baselines[path];
  }

  /** The probes of a recorded install taken again (another install moved what they name: Codex trusts by place). */
  reprobe(key: RecordKey, probes: InstallProbe[]): void {
    const entry = this.get(key);
    if (!entry) return;
    if (probes.length) entry.probes = probes;
    else delete entry.probes;
  }

  /** Folders to remove once empty (deepest first when removed). */
  noteFolders(folders: readonly string[]): void {
    for (const f of folders) if (!this.backups.folders.includes(f)) this.backups.folders.push(f);
  }

  folders(): readonly string[] {
    return this.backups.folders;
  }

  dropFolders(gone: readonly string[]): void {
    this.backups.folders = this.backups.folders.filter((f) => !gone.includes(f));
  }

  /** Writes both files; with nothing recorded any more, removes them instead. */
  save(): void {
    if (!this.entries.length && !this.backups.folders.length) {
      for (const file of [this.file, this.backupsFile]) if (existsSync(file)) unlinkSync(file);
      return;
    }
    writeAtomic(this.file, `${JSON.stringify({ format: 2, installs: this.entries }, null, 2)}\n`);
    writeAtomic(this.backupsFile, `${JSON.stringify(this.backups, null, 2)}\n`);
  }
}
