// Carries out an installer's plan, or prints it (--dry-run): a unified diff per file, each copy,
// removal and command. Before anything changes it checks every command is on PATH and every file
// (and every file a CLI's own command will change) can be written; a step that fails anyway is
// rolled back by the transaction it runs in.
import {
  assertWritable,
  type Change,
  getPath,
  type JsonPath,
  onPath,
  parseJsonc,
  readText,
  removeJsonc,
  setJsonc,
  UserError,
} from "@hookrail/install-kit";
import { createTwoFilesPatch } from "diff";
import { execa } from "execa";
import { Transaction } from "./transaction.ts";

/** Checks that nothing in the plan can fail for a reason known up front. */
export function preflight(changes: readonly Change[], env: NodeJS.ProcessEnv, what: string): void {
  for (const c of changes) {
    if (c.kind === "run" && !onPath(c.bin, env))
      throw new UserError(
        `${c.bin} is not on PATH, so ${what} cannot be done and nothing was changed; install it (or fix PATH), then run again`,
      );
    if ((c.kind === "file" || c.kind === "settle") && c.before !== c.after) assertWritable(c.path);
    if (c.kind === "copy") assertWritable(c.to);
    if (c.kind === "remove") assertWritable(c.path);
    if (c.kind === "run") for (const path of c.touches ?? []) assertWritable(path);
  }
}

export function describe(c: Change): string {
  switch (c.kind) {
    case "file":
    case "settle": {
      if (c.before === c.after) return `unchanged ${c.path}`;
      if (c.after === null) return `remove ${c.path}`;
      const patch = createTwoFilesPatch(
        c.path,
        c.path,
        c.before ?? "",
        c.after,
        c.before === null ? "(new file)" : "",
        "",
      );
      return patch.split("\n").slice(1).join("\n").trimEnd();
    }
    case "copy":
      return `copy ${c.from} -> ${c.to}${c.except?.length ? ` (without ${c.except.join(", ")})` : ""}`;
    case "remove":
      return `remove ${c.path}`;
    case "run":
      return `run ${[c.bin, ...c.args].join(" ")}`;
  }
}

/** Shows a one-line progress indicator while a slow step runs; the returned function ends it. */
export type Progress = (label: string) => () => void;

/**
 * Carries out the changes as one step of `tx` (see transaction.ts); a failure is a UserError. Without
 * a transaction, they are their own: kept when all went well, else put back.
 */
export async function apply(changes: readonly Change[], env: NodeJS.ProcessEnv, tx?: Transaction, progress?: Progress) {
  if (!tx) {
    const own = new Transaction();
    try {
      await applyIn(changes, env, own, progress);
    } catch (error) {
      own.rollback();
      throw error;
    }
    own.commit();
    return;
  }
  await applyIn(changes, env, tx, progress);
}

async function applyIn(changes: readonly Change[], env: NodeJS.ProcessEnv, tx: Transaction, progress?: Progress) {
  // The text of each file a CLI command will rewrite, as it is before that command runs.
  const originals = new Map(changes.flatMap((c) => (c.kind === "settle" ? [[c.path, readText(c.path)] as const] : [])));
  for (const c of changes) {
    switch (c.kind) {
      case "settle": {
        const text = c.exact ? c.after : settled(originals.get(c.path) ?? null, readText(c.path), c.paths);
        if (text !== readText(c.path)) tx.writeFile(c.path, text);
        break;
      }
      case "file":
        if (c.before !== c.after) tx.writeFile(c.path, c.after);
        break;
      case "copy":
        tx.copy(c.from, c.to, c.except);
        break;
      case "remove":
        tx.remove(c.path);
        break;
      case "run": {
        tx.snapshot(c.touches ?? [], [c.bin, ...c.args].join(" "));
        const done = progress?.(`${c.bin} ${c.args.join(" ")}`);
        const r = await execa(c.bin, c.args, {
          env: { ...env, ...c.env },
          extendEnv: false,
          cwd: c.cwd,
          stdin: "ignore",
          reject: false,
          all: true,
          timeout: 120_000,
        }).finally(() => done?.());
        if (r.exitCode !== 0) {
          // "timed out" only for a command that ran out of time; one that could not start says why.
          const how = r.timedOut
            ? "timed out after 120 s"
            : r.exitCode !== undefined
              ? `exit ${r.exitCode}`
              : r.signal
                ? `killed by ${r.signal}`
                : `could not start: ${r.code ?? r.originalMessage}`;
          throw new UserError(`${[c.bin, ...c.args].join(" ")} failed (${how}):\n${(r.all ?? "").trim()}`);
        }
        break;
      }
    }
  }
}

/** `original` with the values at `paths` as `current` has them (the rest of `original` byte for byte). */
export function settled(original: string | null, current: string | null, paths: readonly JsonPath[]): string | null {
  if (original === null || current === null) return current;
  const now = parseJsonc(current, "");
  let out = original;
  for (const path of paths) {
    const value = getPath(now, path);
    const was = getPath(parseJsonc(out, ""), path);
    if (JSON.stringify(value) === JSON.stringify(was)) continue;
    out = value === undefined ? removeJsonc(out, path, 0) : setJsonc(out, path, value);
  }
  return out;
}
