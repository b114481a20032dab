// Does a command start a session that reads commands typed into it later (a shell, a REPL, a database shell, a
// container's shell, a remote login, a terminal multiplexer, an editor)? Codex can type into such a session with
// write_stdin and asks no hook about what it types (measured in Codex 0.169: `bash` with a tty, then `gh pr merge 12`
// typed in, merged); Copilot's write_bash is read, but what a REPL reads is code, not a command line.
//
// The line is walked as bash runs it (@hookrail/shell's engine: lists, `&&`, subshells, `sh -c`, env and sudo
// wrappers, assignments), and a simple command counts only when it reads the terminal itself: `psql db < q.sql`,
// `echo x | bash` and here-docs do not. Which words make a program wait for typed input: session-programs.ts (shells,
// REPLs, database shells…) and session-runners.ts (containers, remote logins, runners). A cheap look at the words
// first: a line that names none of them, and has no escape, glob or backquote that could spell one, is not parsed.
import { tookPath } from "@hookrail/core";
import {
  analyzeLine,
  type Domain,
  type Invocation,
  type Rules,
  type ShellDialect,
  type World,
} from "@hookrail/shell/engine";
import { sessionLook, startsSession } from "./session-look.ts";
import { quickSessionLook } from "./session-quick.ts";

const NO_DOMAIN: Domain<World> = { start: {}, key: () => "", join: () => ({}) as World };

/** true when `command` starts a session that reads what is typed into it. */
export function opensInteractiveSession(command: string, dialect?: ShellDialect): boolean {
  return quickSessionLook(command, dialect) ?? sessionLook(command, dialect) ?? readsAsSession(command, dialect);
}

/** The full reading: the line walked as the shell runs it (tests prove the cheap looks against it). */
export function readsAsSession(command: string, dialect?: ShellDialect): boolean {
  let found = false;
  const visit = (inv: Invocation): void => {
    // A command a wrapper or a container runs (hops) is judged with the wrapper's own words, by startsSession.
    if (found || (inv.hops ?? 0) > 0 || inv.stdin.kind !== "none") return;
    found = startsSession(inv.args);
  };
  const rules: Rules = {
    approvalVariable: "MERGE_APPROVED",
    mentions: /$^/,
    topic: "a session",
    home: undefined,
    domain: NO_DOMAIN,
    visit,
    commandFor: () => undefined,
    names: [],
    codeMatters: () => false,
    wrappers: [],
  };
  tookPath(dialect === "powershell" ? "powershell" : "parse");
  analyzeLine(command, rules, { cwd: "/", ...(dialect ? { dialect } : {}) });
  return found;
}
