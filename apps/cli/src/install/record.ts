// What hookrail installed, kept in its data folder: per CLI, scope, project and guardrail, the
// version and each file's content before and after. Uninstall puts a file back byte for byte when
// its content is still exactly what the install left; else it removes our entries from it.
import { join } from "node:path";
import { dataHome } from "./bundles.ts";
import { readText, writeAtomic } from "./files.ts";
import type { Change, Scope } from "./types.ts";

export interface InstallRecord {
  cli: string;
  scope: Scope;
  project?: string;
  guardrail: string;
  version: string;
  /** Per file: its content before our first change, and after our last; before is dropped when someone else changed the file in between. */
  files: Record<string, { before?: string | null; after: string | null }>;
}

export interface RecordKey {
  cli: string;
  scope: Scope;
  project?: string;
  guardrail: string;
}

const idOf = (k: RecordKey) => [k.cli, k.scope, k.scope === "project" ? k.project : "", k.guardrail].join("\u0000");

export class InstallRecords {
  readonly file: string;
  private entries: InstallRecord[];

  constructor(env: NodeJS.ProcessEnv, home: string) {
    this.file = join(dataHome(env, home), "installs.json");
    try {
      this.entries = JSON.parse(readText(this.file) ?? "[]") as InstallRecord[];
    } catch {
      this.entries = [];
    }
  }

  all(): readonly InstallRecord[] {
    return this.entries;
  }

  get(key: RecordKey): InstallRecord | undefined {
    return this.entries.find((e) => idOf(e) === idOf(key));
  }

  /** Notes an applied install: the files it changed, chained to what an earlier install of the same guardrail left. */
  noteInstall(key: RecordKey, version: string, changes: readonly Change[]): void {
    const old = this.get(key);
    const files: InstallRecord["files"] = { ...old?.files };
    for (const c of changes) {
      if ((c.kind !== "file" && c.kind !== "settle") || c.before === c.after) continue;
      const earlier = files[c.path];
      const chained = earlier ? earlier.after === c.before : true;
      files[c.path] = { ...(chained ? { before: earlier ? earlier.before : c.before } : {}), after: c.after };
    }
    this.entries = this.entries.filter((e) => idOf(e) !== idOf(key));
    this.entries.push({ ...key, ...(key.scope === "project" ? {} : { project: undefined }), version, files });
  }

  /** The uninstall's file changes, each put back to its recorded content when nothing else changed the file. */
  restore(key: RecordKey, changes: Change[]): Change[] {
    const files = this.get(key)?.files ?? {};
    return changes.map((c) => {
      if (c.kind !== "file" && c.kind !== "settle") return c;
      const seen = files[c.path];
      if (!seen || seen.before === undefined || seen.after !== c.before) return c;
      return c.kind === "settle" ? { ...c, after: seen.before, exact: true } : { ...c, after: seen.before };
    });
  }

  forget(key: RecordKey): void {
    this.entries = this.entries.filter((e) => idOf(e) !== idOf(key));
  }

  save(): void {
    writeAtomic(this.file, `${JSON.stringify(this.entries, null, 2)}\n`);
  }
}
