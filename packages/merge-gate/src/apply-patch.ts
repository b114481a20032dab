// The patch format of Codex's apply_patch (also Droid's ApplyPatch and OpenCode's apply_patch), read and applied the
// way Codex applies it (codex-rs apply-patch): `*** Begin Patch`, then `*** Add File: p` (every line `+`),
// `*** Delete File: p`, or `*** Update File: p` with an optional `*** Move to: q` and chunks (`@@ [anchor line]`,
// then ` context`, `-old`, `+new`, an optional `*** End of File`), then `*** End Patch`. Each chunk's old lines are
// found after the previous chunk's (after its anchor line first), exactly, then ignoring trailing whitespace, then
// surrounding whitespace. Pure: the gate judges the text a settings file would hold after the patch.

export interface Chunk {
  /** The `@@ line` to find first; the chunk's lines are looked for after it. */
  anchor?: string;
  old: string[];
  new: string[];
  /** `*** End of File`: the old lines end the file. */
  eof: boolean;
}

export type PatchOp =
  | { kind: "add"; path: string; text: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo?: string; chunks: Chunk[] };

const HEADER = /^\*\*\* (Add|Delete|Update) File: (.+)$/;

/** The operations of a patch; undefined when it is not one Codex would apply. */
export function parsePatch(patch: string): PatchOp[] | undefined {
  let lines = patch.trim().split(/\r?\n/);
  // Codex also takes the patch wrapped in a here-doc (`<<'EOF'` … `EOF`).
  if (/^<<['"]?\w+['"]?$/.test(lines[0]?.trim() ?? "") && lines.length > 2) lines = lines.slice(1, -1);
  if (lines[0]?.trim() !== "*** Begin Patch" || lines.at(-1)?.trim() !== "*** End Patch") return undefined;
  const ops: PatchOp[] = [];
  let i = 1;
  const end = lines.length - 1;
  while (i < end) {
    const header = HEADER.exec((lines[i] as string).trimEnd());
    if (!header) return undefined;
    const path = (header[2] as string).trim();
    i++;
    if (header[1] === "Delete") {
      ops.push({ kind: "delete", path });
    } else if (header[1] === "Add") {
      const added: string[] = [];
      for (; i < end && (lines[i] as string).startsWith("+"); i++) added.push((lines[i] as string).slice(1));
      ops.push({ kind: "add", path, text: added.length ? `${added.join("\n")}\n` : "" });
    } else {
      const update: PatchOp = { kind: "update", path, chunks: [] };
      const move = /^\*\*\* Move to: (.+)$/.exec(lines[i] ?? "");
      if (move) {
        update.moveTo = (move[1] as string).trim();
        i++;
      }
      i = readChunks(lines, i, end, update.chunks);
      if (i < 0 || (update.chunks.length === 0 && !update.moveTo)) return undefined;
      ops.push(update);
    }
  }
  return ops;
}

/** Reads chunks up to the next file header: the index after them, or -1 for a line no chunk may hold. */
function readChunks(lines: readonly string[], start: number, end: number, out: Chunk[]): number {
  let i = start;
  let chunk: Chunk | undefined;
  for (; i < end; i++) {
    const line = lines[i] as string;
    if (HEADER.test(line.trimEnd())) break;
    if (line.startsWith("@@")) {
      const anchor = line.slice(2).trim();
      chunk = { old: [], new: [], eof: false, ...(anchor ? { anchor } : {}) };
      out.push(chunk);
      continue;
    }
    if (line.trim() === "*** End of File") {
      if (!chunk) return -1;
      chunk.eof = true;
      continue;
    }
    // The first chunk may start without its `@@`.
    if (!chunk) {
      if (out.length > 0) return -1;
      chunk = { old: [], new: [], eof: false };
      out.push(chunk);
    }
    const mark = line[0];
    const text = line.slice(1);
    if (line === "" || mark === " ") {
      chunk.old.push(text);
      chunk.new.push(text);
    } else if (mark === "-") chunk.old.push(text);
    else if (mark === "+") chunk.new.push(text);
    else return -1;
  }
  return i;
}

/** An update's chunks applied to a file's text; undefined when a chunk's lines are not found. */
export function applyChunks(current: string, chunks: readonly Chunk[]): string | undefined {
  const lines = current.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const replacements: [number, number, string[]][] = [];
  let at = 0;
  for (const chunk of chunks) {
    if (chunk.anchor !== undefined) {
      const found = seek(lines, [chunk.anchor], at, false);
      if (found === undefined) return undefined;
      at = found + 1;
    }
    if (chunk.old.length === 0) {
      replacements.push([lines.length, 0, chunk.new]);
      continue;
    }
    let old = chunk.old;
    let replacement = chunk.new;
    let found = seek(lines, old, at, chunk.eof);
    // A trailing empty line in the chunk may stand for the file's final newline.
    if (found === undefined && old.at(-1) === "") {
      old = old.slice(0, -1);
      if (replacement.at(-1) === "") replacement = replacement.slice(0, -1);
      found = seek(lines, old, at, chunk.eof);
    }
    if (found === undefined) return undefined;
    replacements.push([found, old.length, replacement]);
    at = found + old.length;
  }
  // Applied from the end, so earlier indexes stay right.
  for (const [start, length, replacement] of replacements.sort((a, b) => b[0] - a[0])) {
    lines.splice(start, length, ...replacement);
  }
  return `${lines.join("\n")}\n`;
}

const EXACT = (s: string) => s;
const END = (s: string) => s.trimEnd();
const BOTH = (s: string) => s.trim();

/** Where `pattern` starts in `lines` at or after `start` (at the end with `eof`), matched ever more loosely. */
function seek(lines: readonly string[], pattern: readonly string[], start: number, eof: boolean): number | undefined {
  if (pattern.length === 0) return start;
  if (pattern.length > lines.length) return undefined;
  const from = eof ? lines.length - pattern.length : start;
  for (const norm of [EXACT, END, BOTH]) {
    for (let i = from; i <= lines.length - pattern.length; i++) {
      if (pattern.every((p, k) => norm(lines[i + k] as string) === norm(p))) return i;
    }
  }
  return undefined;
}

/**
 * What a patch leaves in one file: its text, null when the patch removes it (deleted or moved away), undefined
 * when that cannot be told (the patch does not apply, or names the file twice). `named(p)`: does the patch's path
 * `p` name this file; `read(p)`: the text of the patch's path `p` now (undefined: no such file, null: unreadable).
 */
export function patchedText(
  patch: string,
  named: (path: string) => boolean,
  current: string | undefined,
  read: (path: string) => string | undefined | null,
): string | null | undefined {
  const ops = parsePatch(patch);
  if (!ops) return undefined;
  const touching = ops.filter((op) => named(op.path) || (op.kind === "update" && op.moveTo && named(op.moveTo)));
  if (touching.length !== 1) return undefined;
  const op = touching[0] as PatchOp;
  if (op.kind === "delete") return null;
  if (op.kind === "add") return op.text;
  if (op.moveTo && !named(op.moveTo)) return null;
  const source = named(op.path) ? current : read(op.path);
  if (source === undefined || source === null) return undefined;
  return applyChunks(source, op.chunks);
}
