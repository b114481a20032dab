// Does a simple command match a command pattern such as "npm publish"?
import type { SimpleCommand } from "./commands-of.ts";
import { globToRegExp } from "./shell-words.ts";

/** true, false, or "unknown" when a word known only at run time could make it match (fail closed on it). */
export type PatternMatch = boolean | "unknown";

/**
 * The pattern's first word is the command's name (compared like `SimpleCommand.name`: last path part, `.exe`
 * stripped, case-folded); the others must follow among its arguments in order, with only options (`-x`, `--x`,
 * `--x=y`) and the word right after an option between them: `npm --registry r publish` matches "npm publish",
 * `npm run publish` does not.
 */
export function matchesPattern(cmd: SimpleCommand, pattern: string): PatternMatch {
  const [head, ...rest] = pattern.trim().split(/\s+/);
  if (!head) return false;
  let result = word(cmd, 0, normalName(head), cmd.name);
  if (result === false) return false;
  // A word known only at run time may split into several (\`yarn $ARGS\`): it may hold the rest of the pattern.
  if (result === "unknown" && cmd.argv[0] === null) return "unknown";
  let i = 1;
  for (const want of rest) {
    const at = find(cmd, i, want);
    // Words added at run time (xargs) come after the ones known.
    if (at === "end") return cmd.open ? "unknown" : false;
    if (at === undefined) return false;
    if (at.match === "unknown" && cmd.argv[at.index] === null) return "unknown";
    if (at.match === "unknown") result = "unknown";
    i = at.index + 1;
  }
  return result;
}

/** The next word from `start` on that is (or may be) `want`, with only options and their values before it. */
function find(
  cmd: SimpleCommand,
  start: number,
  want: string,
): { index: number; match: PatternMatch } | "end" | undefined {
  let afterOption = false;
  for (let i = start; i < cmd.argv.length; i++) {
    const v = cmd.argv[i] ?? null;
    const match = word(cmd, i, want, v);
    if (match !== false) return { index: i, match };
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

function normalName(name: string): string {
  return name
    .replace(/^.*\//, "")
    .replace(/\.exe$/i, "")
    .toLowerCase();
}
