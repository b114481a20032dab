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

// git's own commands: an alias of the same name is never used.
export const GIT_BUILTINS = new Set(
  (
    "add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr check-ignore check-mailmap " +
    "check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree " +
    "config count-objects credential credential-cache credential-store describe diagnose diff diff-files diff-index " +
    "diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo " +
    "format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help hook http-backend " +
    "http-fetch http-push index-pack init init-db instaweb interpret-trailers log ls-files ls-remote ls-tree mailinfo " +
    "mailsplit maintenance merge merge-base merge-file merge-index merge-octopus merge-one-file merge-ours " +
    "merge-recursive merge-resolve merge-subtree merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes " +
    "pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport range-diff read-tree rebase " +
    "receive-pack reflog refs remote remote-ext remote-fd remote-http remote-https repack replace replay request-pull " +
    "rerere reset restore rev-list rev-parse revert rm scalar send-email send-pack sh-i18n sh-setup shortlog show " +
    "show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule subtree switch symbolic-ref " +
    "tag unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack var " +
    "verify-commit verify-pack verify-tag version whatchanged worktree write-tree backfill"
  ).split(" "),
);

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
