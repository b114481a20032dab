// `git config` run by the line (aliases, push.default, remote.<name>.push, branch.<name>.merge…), and git
// aliases: which subcommand `git <word>` really runs.

import { type Arg, hasOption, type Invocation, scanInterspersed } from "@hookrail/shell/engine";
import type { Ctx } from "./context.ts";
import { type GitGlobals, placeOf } from "./git-place.ts";
import { type ConfigChange, distinct } from "./repo-state.ts";

/** `Remote.Origin.PUSH` → `remote.Origin.push`: section and name are case-insensitive, a subsection is not. */
export function configKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}.${key.slice(last + 1).toLowerCase()}`;
}

const READS = "--get --get-all --get-regexp --get-urlmatch --get-color --get-colorbool --list -l --blob".split(" ");
const SUBCOMMANDS = new Set(["get", "list", "set", "unset", "rename-section", "remove-section", "edit"]);

/** `git config [--global] key value`, `--add`, `--unset`, `git config set|unset …`, `--edit`. */
export function gitConfig(inv: Invocation, ctx: Ctx, git: GitGlobals, rest: Arg[]): void {
  const s = scanInterspersed(rest, {
    short: "f",
    long: ["--file", "--blob", "--default", "--type", "--comment", "--value"],
  });
  let operands = s.operands;
  const verb = operands[0]?.value && SUBCOMMANDS.has(operands[0].value) ? operands[0].value : undefined;
  if (verb) operands = operands.slice(1);
  if (verb === "get" || verb === "list" || hasOption(s, ...READS)) return;
  const global = hasOption(s, "--global", "--system");
  const unset = verb === "unset" || hasOption(s, "--unset", "--unset-all");
  const add = hasOption(s, "--add", "--append");
  const [key, value] = operands;
  // An editor, or a section renamed into `alias`: any key may change.
  const everything =
    verb === "edit" ||
    verb?.endsWith("-section") ||
    hasOption(s, "-e", "--edit", "--rename-section", "--remove-section");
  if (!everything && (!key || (!unset && !value && verb !== "set"))) return;
  ctx.flow.worlds = distinct(
    ctx.flow.worlds.map((w) => {
      const dir = global ? null : (placeOf(inv, ctx, git, w) ?? undefined);
      const change: ConfigChange = everything
        ? { dir, key: "*", value: null, add: true }
        : {
            dir,
            key: key?.value === null || key === undefined ? "*" : configKey(key.value),
            value: unset ? undefined : (value?.value ?? null),
            add,
          };
      return { ...w, config: [...w.config, change] };
    }),
  );
}

/** Splits an alias the way git does (quotes and backslashes, no expansions). */
export function splitAlias(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < text.length) word = `${word ?? ""}${text[++i]}`;
      else word = `${word ?? ""}${c}`;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\" && i + 1 < text.length) word = (word ?? "") + text[++i];
    else word = (word ?? "") + c;
  }
  if (word !== null) words.push(word);
  return words;
}
