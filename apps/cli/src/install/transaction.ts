// All or nothing: every change an install makes goes through one transaction, which keeps what it
// needs to undo it (a file's old text, a replaced or removed folder moved aside, a copy of what a CLI's
// own command will change). If a step fails, everything is put back in reverse order and the folders it
// created are removed; whatever cannot be put back is named.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readText, writeAtomic } from "@hookrail/install-kit";

type Undo =
  | { kind: "text"; path: string; text: string | null }
  /** `path` put back from `aside` (null: `path` did not exist, so it is removed). */
  | { kind: "tree"; path: string; aside: string | null }
  /** A CLI's own command ran; `saved` holds a copy of each path it may change (null: absent before). */
  | { kind: "snapshot"; what: string; saved: { path: string; copy: string | null }[] };

/** The folders above `path` (and `path` itself when `self`) that do not exist yet, deepest first. */
function missingFolders(path: string, self = false): string[] {
  const missing: string[] = [];
  for (let dir = self ? path : dirname(path); !existsSync(dir); dir = dirname(dir)) {
    missing.push(dir);
    if (dirname(dir) === dir) break;
  }
  return missing;
}

export class Transaction {
  private readonly undo: Undo[] = [];
  /** Folders this transaction created, deepest first. */
  readonly created: string[] = [];
  /** Folders a CLI's own command may create: removed on rollback when empty, else theirs. */
  private readonly theirs: string[] = [];
  private scratch: string | undefined;
  private seq = 0;

  private note(missing: string[]): void {
    for (const dir of missing) if (existsSync(dir) && !this.created.includes(dir)) this.created.push(dir);
    this.created.sort((a, b) => b.length - a.length);
  }

  private spare(): string {
    this.scratch ??= mkdtempSync(join(tmpdir(), "hookrail-undo-"));
    return join(this.scratch, String(this.seq++));
  }

  writeFile(path: string, text: string | null): void {
    const missing = missingFolders(path);
    this.undo.push({ kind: "text", path, text: readText(path) });
    if (text === null) {
      if (existsSync(path)) unlinkSync(path);
    } else writeAtomic(path, text);
    this.note(missing);
  }

  /** Replaces `to` with a copy of `from`, but for the files at its top named in `except`. */
  copy(from: string, to: string, except: readonly string[] = []): void {
    const missing = missingFolders(to, true);
    this.undo.push({ kind: "tree", path: to, aside: this.moveAside(to) });
    mkdirSync(dirname(to), { recursive: true });
    const left = new Set(except.map((name) => resolve(from, name)));
    cpSync(from, to, { recursive: true, ...(left.size ? { filter: (path: string) => !left.has(resolve(path)) } : {}) });
    this.note(missing);
  }

  remove(path: string): void {
    this.undo.push({ kind: "tree", path, aside: this.moveAside(path) });
  }

  /** Before a CLI's own command: copies of what it may change. */
  snapshot(paths: readonly string[], what: string): void {
    const saved = paths.map((path) => {
      for (const dir of missingFolders(path)) if (!this.theirs.includes(dir)) this.theirs.push(dir);
      if (!existsSync(path)) return { path, copy: null };
      const copy = this.spare();
      cpSync(path, copy, { recursive: true });
      return { path, copy };
    });
    this.undo.push({ kind: "snapshot", what, saved });
  }

  private moveAside(path: string): string | null {
    if (!existsSync(path)) return null;
    const aside = `${path}.hookrail-undo-${process.pid}-${this.seq++}`;
    renameSync(path, aside);
    return aside;
  }

  /** Keeps every change: drops what was kept for undoing them. */
  commit(): void {
    for (const u of this.undo) if (u.kind === "tree" && u.aside) rmSync(u.aside, { recursive: true, force: true });
    this.dispose();
  }

  /** Puts everything back; returns what could not be (paths, with why). */
  rollback(): string[] {
    const left: string[] = [];
    for (const u of [...this.undo].reverse()) {
      try {
        if (u.kind === "text") {
          if (u.text === null) rmSync(u.path, { force: true });
          else writeAtomic(u.path, u.text);
        } else if (u.kind === "tree") {
          rmSync(u.path, { recursive: true, force: true });
          if (u.aside) renameSync(u.aside, u.path);
        } else
          for (const { path, copy } of u.saved) {
            rmSync(path, { recursive: true, force: true });
            if (copy) cpSync(copy, path, { recursive: true, preserveTimestamps: true });
          }
      } catch (error) {
        left.push(`${"path" in u ? u.path : u.what} (${(error as Error).message})`);
      }
    }
    for (const dir of this.created) {
      try {
        if (existsSync(dir) && statSync(dir).isDirectory()) rmdirSync(dir);
      } catch {
        left.push(`${dir} (not empty)`);
      }
    }
    for (const dir of [...this.theirs].sort((a, b) => b.length - a.length)) {
      try {
        rmdirSync(dir);
      } catch {
        // Absent, or holding what the CLI keeps: theirs.
      }
    }
    this.dispose();
    return left;
  }

  private dispose(): void {
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
    this.scratch = undefined;
    this.undo.length = 0;
  }
}
