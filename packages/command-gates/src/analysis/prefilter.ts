// Which gates' analysis a command line needs, decided without the shell parser.
//
// Why it cannot skip a finding: for a gate, the shell analysis reports
// (a) a simple command whose name is the head of one of the gate's patterns (compared after the last `/`,
//     case-folded), or whose name is known only at run time or is a glob that could be one;
// (b) a part known only at run time that could matter: only when the gate's words appear in the command, in a
//     value the line gives a variable, or anywhere in the line (`mentions`, case-insensitive);
// (c) code known only at run time whatever it mentions: a shell (or ssh, parallel, at…) reading what another
//     command prints, `eval "$X"`, `xargs -I X sh -c X`; and a line whose loops branch past the walk's budget.
// Without any of the characters that quote, escape, expand, glob or nest (TRIGGER), every word the analysis
// reads is written out in the line, so (a) and (b) need one of the gate's words in it, and (c) needs the name
// of a command that runs code (CODE_RUNNER: what the shell analysis follows, less the wrappers and package
// runners that only run the words they are given) or a loop keyword. The one place the analysis decodes text
// itself, PowerShell's -EncodedCommand, needs `pwsh` or `powershell` in the line.
// A PowerShell line (read by the shell package's PowerShell reader) runs code it is given at run time through
// its cmdlets (Invoke-Expression, Start-Process, ForEach-Object…) and splats (`@args`): a line naming one of the
// cmdlets that reader follows, other than those that only move, write or print, or holding an `@`, is analysed
// for every gate. Its other expansions, quoting, escapes and blocks use the characters of TRIGGER.
// Wrappers the config lists only run words written in the line: they change none of this.
import { followsCommand, followsPowershellCommand, isInterpreterName } from "@hookrail/shell/names";
import type { CommandGate } from "../options.ts";

// Expansions, quoting, escapes, globs, braces, redirections, here-docs, subshells, comments, history, tilde.
const TRIGGER = /[$`\\'"*?[\]{}<>()#!~]/;
const DECODES = /pwsh|powershell/i;
const LOOPS = new Set(["for", "while", "until", "select"]);
// Followed by the analysis, but they only run the command their words name (which is then in the line).
const WORDS_ONLY = new Set(
  (
    "env sudo doas command builtin exec nohup time nice timeout stdbuf ionice setsid chronic caffeinate xargs " +
    "npm npx pnpm pnpx yarn yarnpkg bunx corepack deno op dotenv doppler aws-vault direnv mise asdf uv poetry pipenv bundle torsocks " +
    "proxychains proxychains4 strace ltrace firejail unbuffer chrt taskset " +
    "kubectl oc lxc incus multipass limactl lima devcontainer dbus-run-session xvfb-run chpst s6-setuidgid cgexec " +
    "lockf ip rr perf"
  ).split(" "),
);

/** Text that could matter to a gate: its patterns' command names and words, case-insensitive. */
export function gateMentions(gate: Pick<CommandGate, "commands">): RegExp {
  const words = new Set(
    gate.commands.flatMap((c) => {
      const [head = "", ...rest] = c.split(/\s+/);
      return [commandName(head), ...rest];
    }),
  );
  const escaped = [...words].filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(escaped.join("|") || "(?!)", "i");
}

/** The gates whose analysis of `line` could find anything; the others are skipped without parsing. */
export function gatesToCheck<G extends Pick<CommandGate, "commands">>(
  line: string,
  gates: readonly G[],
  dialect: "bash" | "powershell" = "bash",
): G[] {
  if (gates.length === 0) return [];
  if (TRIGGER.test(line) || DECODES.test(line)) return [...gates];
  const runsCode = dialect === "powershell" ? (n: string) => mayRunCode(n) || powershellRunsCode(n) : mayRunCode;
  if ((dialect === "powershell" && line.includes("@")) || names(line).some(runsCode)) return [...gates];
  return gates.filter((gate) => gateMentions(gate).test(line));
}

function mayRunCode(name: string): boolean {
  if (LOOPS.has(name)) return true;
  return followsCommand(name) && !WORDS_ONLY.has(name) && !isInterpreterName(name);
}

// The PowerShell cmdlets (and aliases) the reader follows that only change folders, write files or print.
const PS_NO_CODE = new Set(
  (
    "set-location push-location pop-location cd chdir sl pushd popd write-output echo write remove-item rm ri del " +
    "erase rd rmdir copy-item cp copy cpi move-item mv move mi rename-item ren rni set-content add-content " +
    "clear-content out-file tee-object sc ac clc tee new-item ni clear-item cli export-csv export-clixml epcsv " +
    "expand-archive"
  ).split(" "),
);

function powershellRunsCode(name: string): boolean {
  return followsPowershellCommand(name) && !PS_NO_CODE.has(name.replace(/^[\w.]+\\/, ""));
}

/** Every run of name characters, as a command name would be read (`/usr/bin/BASH.exe` → `bash`). */
function names(line: string): string[] {
  return (line.match(/[\w.+/-]+/g) ?? []).map(commandName);
}

function commandName(word: string): string {
  return word
    .replace(/^.*\//, "")
    .replace(/\.exe$/i, "")
    .toLowerCase();
}
