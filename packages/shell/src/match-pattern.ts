// Does a simple command match a command pattern such as "npm publish"?
import type { SimpleCommand } from "./commands-of.ts";
import { npmCommand } from "./npm-commands.ts";
import { globToRegExp } from "./shell-words.ts";

/** true, false, or "unknown" when a word known only at run time could make it match (fail closed on it). */
export type PatternMatch = boolean | "unknown";

/**
 * The pattern's first word is the command's name (compared like `SimpleCommand.name`: last path part, `.exe`
 * stripped, case-folded); its other words that are not options must follow among its arguments in order, with only
 * options (`-x`, `--x`, `--x=y`) and the word right after an option between them: `npm --registry r publish`
 * matches "npm publish", `npm run publish` does not. Its options may be anywhere among the arguments before `--`,
 * as the program reads them (optionsPresent): "git push --force" matches `git push origin main --force`, "rm -rf"
 * matches `rm -fr x` and `rm -r x -f`. A word right after an option may also be that option's value, given with it
 * anywhere: "kubectl delete -n prod" matches `kubectl delete pod api -n prod` and `kubectl -n=prod delete pod api`.
 */
export function matchesPattern(cmd: SimpleCommand, pattern: string): PatternMatch {
  const [head, ...all] = pattern.trim().split(/\s+/);
  if (!head) return false;
  const options = all.filter(isOptionWord);
  // Read as words in order, the options anywhere.
  const asWords = both(
    wordsInOrder(
      cmd,
      head,
      all.filter((w) => !isOptionWord(w)),
    ),
    optionsPresent(cmd, options),
  );
  const pairs = all.flatMap((w, n) => {
    const value = all[n + 1];
    return isOptionWord(w) && value !== undefined && !isOptionWord(value) ? [{ option: w, value, at: n + 1 }] : [];
  });
  if (!pairs.length || asWords === true) return asWords;
  // Read with each option's value beside it, wherever the command gives them.
  const values = new Set(pairs.map((p) => p.at));
  const withValues = [
    wordsInOrder(
      cmd,
      head,
      all.filter((w, n) => !isOptionWord(w) && !values.has(n)),
    ),
    optionsPresent(cmd, options),
    ...pairs.map((p) => valuePresent(cmd, p.option, p.value)),
  ].reduce(both, true);
  return either(asWords, withValues);
}

/** Either may match: true when one does, else "unknown" when one may. */
function either(a: PatternMatch, b: PatternMatch): PatternMatch {
  if (a === true || b === true) return true;
  return a === "unknown" || b === "unknown" ? "unknown" : false;
}

/** Both must match: false when either does not, else "unknown" when either may. */
function both(a: PatternMatch, b: PatternMatch): PatternMatch {
  if (a === false || b === false) return false;
  return a === "unknown" || b === "unknown" ? "unknown" : true;
}

/** The command is named `head` and gives `words` in order, with only options (and their values) between. */
function wordsInOrder(cmd: SimpleCommand, head: string, rest: readonly string[]): PatternMatch {
  let result = word(cmd, 0, normalName(head), cmd.name);
  if (result === false) return false;
  // A word known only at run time may split into several (\`yarn $ARGS\`): it may hold the rest of the pattern.
  if (result === "unknown" && cmd.argv[0] === null) return "unknown";
  let i = skipSelectors(cmd, 1);
  for (let n = 0; n < rest.length; n++) {
    // The program's subcommand as it reads it, in the pattern and in the command (`npm pub` is `npm publish`,
    // `docker image push` is `docker push`).
    const sub = n === 0 ? SUBCOMMANDS[normalName(head)] : undefined;
    const read = sub?.canonical(rest, 0);
    const want = read?.word ?? (rest[n] as string);
    n += (read?.words ?? 1) - 1;
    const at = find(cmd, i, want, sub);
    // Words added at run time (xargs) come after the ones known.
    if (at === "end") return cmd.open ? "unknown" : false;
    if (at === undefined) return false;
    if (at.match === "unknown" && cmd.argv[at.index] === null) return "unknown";
    if (at.match === "unknown") result = "unknown";
    i = at.index + 1;
  }
  return result;
}

/**
 * Does the command give `option` with `value`, before its `--`: as the next word (`-n prod`), after `=`
 * (`--namespace=prod`, `-n=prod`), or joined to a one-letter option (`-nprod`)? "unknown" when a word known only at
 * run time could be it.
 */
function valuePresent(cmd: SimpleCommand, option: string, value: string): PatternMatch {
  const end = cmd.argv.indexOf("--", 1);
  const words = cmd.argv.slice(1, end < 0 ? undefined : end);
  const name = option.replace(/^--?/, "");
  const isOption = (w: string | null | undefined) => typeof w === "string" && w.replace(/^--?/, "") === name;
  const joined = (w: string | null) =>
    typeof w === "string" &&
    (w.replace(/^--?/, "") === `${name}=${value}` || (/^-[A-Za-z0-9]$/.test(option) && w === `${option}${value}`));
  let unknown = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? null;
    if (joined(w)) return true;
    if (isOption(w)) {
      const next = words[i + 1];
      if (next === value) return true;
      if (next === null && cmd.uncertain) unknown = true;
    }
    if (w === null && cmd.uncertain) unknown = true;
  }
  return unknown || (cmd.open && end < 0) ? "unknown" : false;
}

/** A pattern word that is an option: `-x`, `-rf`, `--force` (a lone `-` is an operand: stdin). */
const isOptionWord = (w: string) => w.length > 1 && w.startsWith("-");

/**
 * Does the command give every one of `options` before its `--`? A long option (`--force`) is given as it is written,
 * with a value (`--force=true`), or with one dash fewer or more (`-auto-approve` is `--auto-approve` to a Go
 * program); short ones may be grouped, each letter given in any group (`-rf` is `-fr`, `-r -f`, `-rfv`). "unknown"
 * when one is missing but a word known only at run time could give it.
 */
function optionsPresent(cmd: SimpleCommand, options: readonly string[]): PatternMatch {
  if (!options.length) return true;
  const end = cmd.argv.indexOf("--", 1);
  const words = cmd.argv.slice(1, end < 0 ? undefined : end);
  const given = words.filter((w): w is string => typeof w === "string" && w.startsWith("-") && w !== "-");
  const letters = new Set(given.filter((w) => SHORT_GROUP.test(w)).flatMap((w) => [...w.slice(1)]));
  const longs = new Set(given.map((w) => w.replace(/^--?/, "").replace(/=.*$/s, "")));
  const has = (option: string) =>
    given.includes(option) ||
    longs.has(option.replace(/^--?/, "")) ||
    (SHORT_GROUP.test(option) && [...option.slice(1)].every((letter) => letters.has(letter)));
  if (options.every(has)) return true;
  // A word known only at run time, or words added at run time (xargs), could give the rest.
  return (cmd.uncertain && words.some((w) => w === null)) || (cmd.open && end < 0) ? "unknown" : false;
}

/** A group of short options, as a program that takes them grouped reads it: `-rf`. */
const SHORT_GROUP = /^-[A-Za-z0-9]+$/;

/** The next word from `start` on that is (or may be) `want`, with only options and their values before it. */
function find(
  cmd: SimpleCommand,
  start: number,
  want: string,
  sub?: Subcommands,
): { index: number; match: PatternMatch } | "end" | undefined {
  let afterOption = false;
  for (let i = start; i < cmd.argv.length; i++) {
    const raw = cmd.argv[i] ?? null;
    // A management word and the subcommand after it read as one (`image push`): the match ends on the second.
    // Options are compared as written: only a word that may be the subcommand is read as the program reads it.
    const read = sub && raw !== null && !raw.startsWith("-") ? sub.canonical(cmd.argv, i) : { word: raw, words: 1 };
    const v = read.word;
    const match = word(cmd, i, want, v);
    if (match !== false) return { index: i + read.words - 1, match };
    if (v === "--") afterOption = false;
    else if (v?.startsWith("-") && v !== "-") afterOption = true;
    else if (afterOption) afterOption = false;
    else return undefined;
  }
  return "end";
}

/** Is word `i` (`value`, as compared) the pattern word `want`? */
function word(cmd: SimpleCommand, i: number, want: string, value: string | null): PatternMatch {
  if (value === null) return cmd.uncertain ? "unknown" : false;
  if (value === want) return true;
  if (cmd.glob[i] && globToRegExp(value).test(want)) return "unknown";
  return false;
}

/** How a program reads its subcommand: the word (or two) at hand as the command it names, and how many it took. */
interface Subcommands {
  canonical(words: readonly (string | null)[], at: number): { word: string | null; words: number };
}

// docker's and podman's management commands name the same commands as their short forms: `docker image push` is
// `docker push`, `docker container rm` is `docker rm`.
const MANAGED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  image: { push: "push", pull: "pull", rm: "rmi", build: "build", tag: "tag" },
  container: { rm: "rm", run: "run", exec: "exec", kill: "kill", stop: "stop" },
};

const dockerLike: Subcommands = {
  canonical(words, at) {
    const first = words[at];
    const second = words[at + 1];
    const group = first && Object.hasOwn(MANAGED, first) ? MANAGED[first] : undefined;
    const short = group && second && Object.hasOwn(group, second) ? group[second] : undefined;
    return short ? { word: short, words: 2 } : { word: first ?? null, words: 1 };
  },
};

const SUBCOMMANDS: Readonly<Record<string, Subcommands>> = {
  npm: {
    canonical: (words, at) => {
      const first = words[at] ?? null;
      return { word: first ? (npmCommand(first) ?? first) : first, words: 1 };
    },
  },
  docker: dockerLike,
  podman: dockerLike,
};

// rustup's proxies take a toolchain first: `cargo +nightly publish` is `cargo publish` on nightly.
const RUSTUP_PROXIES = new Set(["cargo", "rustc", "rustdoc", "rustfmt", "clippy-driver", "cargo-clippy"]);

/** Where a command's words start after the toolchain selector its launcher reads (`cargo +nightly …`). */
function skipSelectors(cmd: SimpleCommand, start: number): number {
  return cmd.name !== null && RUSTUP_PROXIES.has(cmd.name) && cmd.argv[start]?.startsWith("+") ? start + 1 : start;
}

function normalName(name: string): string {
  return name
    .replace(/^.*\//, "")
    .replace(/\.exe$/i, "")
    .toLowerCase();
}
