// What a managed-switch row does to a run's world: settings files merged in place, a line in a TOML
// section, a probe hook of the user's own, a CLI command whose refusal is the point.
import fs from "node:fs";
import path from "node:path";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import { SetupError } from "../../runner/types.ts";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function deepMerge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}

/** Merges `patch` into the JSON file (created with its folders when missing). */
export function mergeJson(file: string, patch: Json): void {
  const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Json) : {};
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(deepMerge(before, patch), null, 2)}\n`);
}

/** Adds `lines` right under the `[section]` header of a TOML file, or the section at its end when missing. */
export function tomlLines(file: string, section: string, lines: string[]): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const header = `[${section}]\n`;
  const body = lines.map((l) => `${l}\n`).join("");
  const at = text.startsWith(header) ? 0 : text.indexOf(`\n${header}`) + 1;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    at > 0 || text.startsWith(header)
      ? text.slice(0, at + header.length) + body + text.slice(at + header.length)
      : `${text}${text && !text.endsWith("\n") ? "\n" : ""}\n${header}${body}`,
  );
}

/** Removes every line equal to `line` (after trimming) from a file of the run's system root. */
export function dropSystemLine(s: Session, abs: string, line: string): void {
  const file = systemPath(s, abs);
  const text = fs.readFileSync(file, "utf8");
  const after = text
    .split("\n")
    .filter((l) => l.trim() !== line)
    .join("\n");
  if (after === text) throw new Error(`${abs} has no line ${line}`);
  fs.writeFileSync(file, after);
}

/** A hook of the user's own that blocks `gh pr view` (exit 2): does a non-managed hook still run? */
export function viewGate(s: Session): string {
  const file = path.join(s.rd.root, "user-view-gate.sh");
  fs.writeFileSync(
    file,
    '#!/bin/sh\nif grep -q "gh pr view"; then echo "USER-VIEW-GATE: gh pr view blocked by the user\'s own hook" >&2; exit 2; fi\nexit 0\n',
    { mode: 0o755 },
  );
  return `sh ${file}`;
}

/** Runs a command the user would try; its refusal (a non-zero exit) is recorded in the setup, not thrown. */
export async function attempt(s: Session, file: string, args: string[], label: string): Promise<void> {
  try {
    await s.run(file, args, { label });
  } catch (e) {
    if (!(e instanceof SetupError)) throw e;
  }
}
