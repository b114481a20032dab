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
import {
  followsPowershellCommand,
  isPackageManager,
  packageManagerRuns,
  plainWrapped,
  wrappersFrom,
} from "@hookrail/shell/names";
import { PLACES_TABLE } from "../places/places-table.ts";
import { hasAnalyzer } from "./analysed-names.ts";
import { caseBlindTest } from "./case-blind.ts";
import { MERGE_OR_PUSH } from "./merge-or-push.ts";
import { MAX_PLAIN, plainList, SHELL_SYNTAX } from "./plain-list.ts";
import { mayTouchProtected, NO_PLACES, type ProtectedPaths } from "./protected-paths.ts";
import type { AnalysisFacts } from "./types.ts";

/** Any of these anywhere in the command sends it to the full analysis. */
export const TRIGGERS: readonly ((command: string) => boolean)[] = [
  (command) => SHELL_SYNTAX.test(command),
  // Files the gate also guards: hookrail's own config and state, and the CLIs' hook registrations.
  caseBlindTest(
    [String.raw`hookrail|hooks\.json|settings\.json|config\.toml`, ...PLACES_TABLE.ownFolderWords].join("|"),
  ),
];

// git subcommands that only read (none can be a git alias: git ignores aliases that shadow its commands).
const GIT_READS = new Set(
  "log status diff show blame shortlog describe rev-parse rev-list ls-files ls-tree cat-file show-ref".split(" "),
);
// gh `<group> <command>` pairs that only read (gh aliases cannot shadow built-in commands either).
const GH_GROUPS = new Set("pr issue repo run release workflow label".split(" "));
const GH_READS = new Set("view list status diff checks".split(" "));

/**
 * True when the analysis of `command` is certain to find nothing. `listed`: the wrappers the config lists, as
 * words (`wrappersFrom`); a line without an analysed name cannot reach one through them either. A PowerShell line
 * also names the cmdlets and aliases its reading follows (Invoke-Expression, Start-Process, Set-Location…) and may
 * splat (`@args`).
 */
export function provablyHarmless(
  command: string,
  listed: readonly (readonly string[])[] = [],
  dialect: "bash" | "powershell" = "bash",
): boolean {
  if (command.length > MAX_PLAIN || TRIGGERS.some((trigger) => trigger(command))) return false;
  const analysed = dialect === "powershell" ? powershellAnalyzed : hasAnalyzer;
  if (dialect === "powershell" && command.includes("@")) return false;
  const simple = plainList(command);
  if (simple === undefined) return !MERGE_OR_PUSH.test(command) && !names(command).some(analysed);
  return simple.every((words) => readsOnly(words, listed, analysed));
}

const powershellAnalyzed = (name: string) => hasAnalyzer(name) || followsPowershellCommand(name);

/** Every run of name characters, as a command name would be read (`/usr/bin/GH.exe` → `gh`). */
function names(command: string): string[] {
  return (command.toLowerCase().match(/[\w.+/-]+/g) ?? []).map((w) =>
    w.replace(/^.*\//, "").replace(/\.(?:exe|cmd|bat|com)$/, ""),
  );
}

function readsOnly(
  words: readonly string[],
  listed: readonly (readonly string[])[],
  analysed: (name: string) => boolean = hasAnalyzer,
): boolean {
  const [name, ...more] = names(words[0] as string);
  if (name === undefined || more.length > 0) return false;
  for (const w of listed) {
    if (w[0] === name && w.every((x, i) => i === 0 || words[i] === x) && !looseReadsOnly(words.slice(w.length), listed))
      return false;
  }
  if (!analysed(name)) return true;
  // `rtk git log`, `nohup git status`: a wrapper whose command is the words after it (the analysis reads it so too).
  const wrapped = plainWrapped(name, words);
  if (wrapped) return readsOnly(wrapped, listed, analysed);
  if (name === "git") return GIT_READS.has(words[1] ?? "");
  if (name === "gh") return GH_GROUPS.has(words[1] ?? "") && GH_READS.has(words[2] ?? "");
  // A package manager's own work (`npm test`, `pnpm install`): not `exec`, `dlx`, or a program of the project's
  // (`pnpm prisma …`), which @hookrail/shell's package-managers.ts tells.
  const sub = words.slice(1).some((w) => !w.startsWith("-"));
  return isPackageManager(name) && sub && !packageManagerRuns(name, words);
}

/** A listed wrapper runs any of its words that names a command (or the words after `--`): each such run reads only. */
function looseReadsOnly(rest: readonly string[], listed: readonly (readonly string[])[]): boolean {
  const dash = rest.indexOf("--");
  if (dash >= 0 && dash + 1 < rest.length && !readsOnly(rest.slice(dash + 1), listed)) return false;
  return rest.every((w, j) => !names(w).some(hasAnalyzer) || readsOnly(rest.slice(j), listed));
}

/**
 * True when the whole analysis may be skipped: no analysed command (provablyHarmless), and no change to a
 * protected place, which the tamper check looks for in every command whatever its name (mayTouchProtected).
 */
export function analysisCanSkip(
  command: string,
  paths: ProtectedPaths = NO_PLACES,
  listed: readonly (readonly string[])[] = [],
  dialect: "bash" | "powershell" = "bash",
): boolean {
  return provablyHarmless(command, listed, dialect) && !mayTouchProtected(command, paths);
}

/** The analysis's first step (analyzeCommand's): true when, with these facts, it would find nothing without parsing. */
export function skipsAnalysis(
  command: string,
  facts: Pick<AnalysisFacts, "protectedPaths" | "wrappers" | "dialect">,
): { skips: boolean; wrappers: string[][] } {
  const wrappers = wrappersFrom(facts.wrappers ?? []);
  return { skips: analysisCanSkip(command, facts.protectedPaths, wrappers, facts.dialect), wrappers };
}
