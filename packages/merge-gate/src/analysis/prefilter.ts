// A cheap look at the raw command that proves, without parsing it, that the analysis would find nothing.
//
// Why it cannot miss: the analysis reports something only (a) for a simple command whose name passes
// `hasAnalyzer` (the shell analysis and analyze-invocation.ts dispatch no other name), (b) for a part known
// only at run time, a glob, quoting or an escape that could spell such a name, (c) for input it cannot parse,
// that is too long or nests too deeply, and then only when it mentions merging or pushing (or nests brackets).
// So a command is skipped only when it is short, holds none of the characters of (b), and either names no
// analysed command and mentions no merge or push at all, or is a plain list of simple commands (it parses: no
// reserved words, no empty parts) whose every name is unanalysed, a read-only git/gh subcommand, or a package
// manager's command that is not one of those that run other commands: none can merge, push or change what a
// later command does.
// A family that needs more words adds them to TRIGGERS.
import { hasAnalyzer } from "./analyze-invocation.ts";
import { MERGE_OR_PUSH } from "./merge-mentions.ts";
import { mayTouchProtected, NO_PLACES, type ProtectedPaths } from "./protected-paths.ts";

/** Any of these anywhere in the command sends it to the full analysis. */
export const TRIGGERS: readonly RegExp[] = [
  // Expansions, quoting, escapes, globs, braces, redirections, here-docs, subshells, comments, history, tilde.
  /[$`\\'"*?[\]{}<>()#!~]/,
  // Files the gate also guards: hookrail's own config and state, and the CLIs' hook registrations.
  /hookrail|\.claude|\.codex|\.gemini|\.copilot|\.qwen|\.factory|hooks\.json|settings\.json|config\.toml/i,
];

// Longer input is always analysed (the parser's nesting limits are far above this).
const MAX_PLAIN = 1024;
// Words bash reads as syntax at the start of a command.
const RESERVED = new Set(
  "if then else elif fi case esac for select while until do done in function time coproc".split(" "),
);
// git subcommands that only read (none can be a git alias: git ignores aliases that shadow its commands).
const GIT_READS = new Set(
  "log status diff show blame shortlog describe rev-parse rev-list ls-files ls-tree cat-file show-ref".split(" "),
);
// gh `<group> <command>` pairs that only read (gh aliases cannot shadow built-in commands either).
const GH_GROUPS = new Set("pr issue repo run release workflow label".split(" "));
const GH_READS = new Set("view list status diff checks".split(" "));
// Package managers run a command of theirs only through these subcommands (see @hookrail/shell's package-runners.ts).
const RUNS_COMMANDS: Readonly<Record<string, readonly string[]>> = {
  npm: ["exec", "x"],
  pnpm: ["exec", "dlx"],
  yarn: ["exec", "dlx"],
};

/** True when the analysis of `command` is certain to find nothing. */
export function provablyHarmless(command: string): boolean {
  if (command.length > MAX_PLAIN || TRIGGERS.some((t) => t.test(command))) return false;
  const simple = plainList(command);
  if (simple === undefined) return !MERGE_OR_PUSH.test(command) && !names(command).some(hasAnalyzer);
  return simple.every(readsOnly);
}

/** Every run of name characters, as a command name would be read (`/usr/bin/GH.exe` → `gh`). */
function names(command: string): string[] {
  return (command.toLowerCase().match(/[\w.+/-]+/g) ?? []).map((w) => w.replace(/^.*\//, "").replace(/\.exe$/, ""));
}

/** `a && b | c; d`: the simple commands' words, or undefined when it is anything else (or would not parse). */
function plainList(command: string): string[][] | undefined {
  // Parts at even indexes, the operators between them at odd ones.
  const pieces = command.split(/(&&|\|\||[|;&\n])/);
  const out: string[][] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const words = (pieces[i] as string).split(/[ \t]+/).filter(Boolean);
    // Only `;`, `&` or a newline may end the list.
    if (words.length === 0 && i === pieces.length - 1 && i > 0 && /^[;&\n]$/.test(pieces[i - 1] as string)) break;
    if (words.length === 0 || RESERVED.has(words[0] as string) || words[0]?.includes("=")) return undefined;
    out.push(words);
  }
  return out;
}

function readsOnly(words: string[]): boolean {
  const [name, ...more] = names(words[0] as string);
  if (name === undefined || more.length > 0) return false;
  if (!hasAnalyzer(name)) return true;
  if (name === "git") return GIT_READS.has(words[1] ?? "");
  if (name === "gh") return GH_GROUPS.has(words[1] ?? "") && GH_READS.has(words[2] ?? "");
  const runs = Object.hasOwn(RUNS_COMMANDS, name) ? RUNS_COMMANDS[name] : undefined;
  const sub = words.slice(1).find((w) => !w.startsWith("-"));
  return runs !== undefined && sub !== undefined && !runs.includes(sub);
}

/**
 * True when the whole analysis may be skipped: no analysed command (provablyHarmless), and no change to a
 * protected place, which the tamper check looks for in every command whatever its name (mayTouchProtected).
 */
export function analysisCanSkip(command: string, paths: ProtectedPaths = NO_PLACES): boolean {
  return provablyHarmless(command) && !mayTouchProtected(command, paths);
}
