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
  type Arg,
  analyzeLine,
  commandName,
  type Domain,
  followsCommand,
  globToRegExp,
  type Invocation,
  literalArg,
  type Rules,
  type ShellDialect,
  scanOptions,
  type World,
} from "@hookrail/shell/engine";
import { plainCommands } from "./plain-list.ts";
import { databases } from "./session-databases.ts";
import { DATABASE_NAMES, PROGRAM_NAMES, RUNNER_NAMES } from "./session-names.ts";
import { programs } from "./session-programs.ts";
import type { SessionRule } from "./session-rule.ts";
import { runners } from "./session-runners.ts";

type RuleTable = Readonly<Record<string, SessionRule>>;
/** A table of rules, built on first use: the CLIs that never type into a session never set one up. */
interface Table {
  names: ReadonlySet<string>;
  build: () => RuleTable;
  rules?: RuleTable;
}
let tables: readonly Table[] | undefined;
const TABLES = (): readonly Table[] =>
  (tables ??= [
    { names: new Set(PROGRAM_NAMES.split(" ")), build: programs },
    { names: new Set(DATABASE_NAMES.split(" ")), build: databases },
    { names: new Set(RUNNER_NAMES.split(" ")), build: runners },
  ]);
const built = (table: Table): RuleTable => (table.rules ??= table.build());

/** Whether a program of the tables has this name (no table is built). */
const hasRule = (name: string): boolean => TABLES().some((t) => t.names.has(name));

/** The rule of a program, from the one table that holds its name. */
function ruleOf(name: string): SessionRule | undefined {
  const table = TABLES().find((t) => t.names.has(name));
  return table ? built(table)[name] : undefined;
}

/** Every program's rule, for a name only a pattern gives (`b?sh`). */
const everyRule = (): [string, SessionRule][] => TABLES().flatMap((t) => Object.entries(built(t)));

// Names that open a session only with a word the line then also holds (`poetry shell`, `npx ts-node`, `docker run
// -it`): they alone do not send a line to the parse. Checked against the tables by the tests.
export const INDIRECT: ReadonlySet<string> = new Set(
  "docker podman nerdctl docker-compose podman-compose kubectl oc sudo doas nix devbox poetry pipenv hatch pdm uv uvx"
    .concat(" rye conda mamba bundle npx pnpx bunx npm pnpm yarn toolbox distrobox flox vagrant multipass lxc incus")
    .concat(
      " heroku fly flyctl gcloud aws gh machinectl systemd-run runuser gosu su-exec bun lein boot cabal stack elm",
    )
    .concat(" scala-cli dotnet cockroach django django-admin flask pscale turso")
    .split(" "),
);
// The words those need (a subcommand, an option), and the variables that name a shell or an editor.
const WORDS = new Set(
  "shell dbshell shell_plus shell-plus debugsqlshell console dbconsole repl ghci fsi develop enter activate ssh"
    .concat(" start-session attach rsh sql pg:psql connect --shell --login --interactive --stdin editor visual pager")
    .split(" "),
);
// `-it`, `-i`, `-ai` (stdin attached), `-s`, `-is` (sudo's shell).
const CLUSTER = /^-(?:[itaP]*i[itaP]*|s|is|si)$/;

/** The program a command name is, for the tables: `python3.12` is python, `/usr/bin/Bash.exe` is bash. */
export function sessionName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/^.*[/\\]/, "")
    .replace(/\.exe$/, "");
  const family = /^(python|pypy|lua|ruby|perl|php|ipython)(?:[0-9][0-9.]*)?$/.exec(base);
  return family ? (family[1] === "pypy" ? "python" : (family[1] as string)) : base;
}

/** A text's words as program names (quotes dropped: `b"as"h` is bash). */
function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['"]/g, "")
    .split(/[^a-z0-9_.+\-/]+/)
    .filter((t) => t !== "")
    .map(sessionName);
}

/** Could the line start a session at all? false proves it cannot (no parse needed). */
export function maySession(line: string): boolean {
  if (/[\\`*?[]/.test(line)) return true;
  for (const token of line
    .toLowerCase()
    .replace(/['"]/g, "")
    .split(/[^a-z0-9_.+\-/]+/)) {
    const name = sessionName(token);
    if ((hasRule(name) && !INDIRECT.has(name)) || WORDS.has(name) || CLUSTER.test(token)) return true;
  }
  return false;
}

// Variables that name a program of the tables (`$SHELL`, `$EDITOR`).
const ALIASES: Readonly<Record<string, string>> = { shell: "bash", editor: "vim", visual: "vim", pager: "less" };

// Wrappers that run the words after their options (`env TERM=x bash`, `timeout 60 psql db`). The engine follows
// wrappers too, but its loose ones try every later word as a command (`uv run pytest -k python` would try `python`):
// only the line's own commands are judged, and these rules follow wrappers the way each runs its command.
const WRAPPERS: Readonly<Record<string, { short?: string; long?: string[]; skip?: number }>> = {
  env: { short: "uCS", long: ["--unset", "--chdir", "--split-string"] },
  exec: { short: "a" },
  command: {},
  builtin: {},
  nohup: {},
  time: { short: "fo" },
  nice: { short: "n", long: ["--adjustment"] },
  timeout: { short: "sk", long: ["--signal", "--kill-after"], skip: 1 },
  stdbuf: { short: "ioe" },
  setsid: {},
  ionice: { short: "cn" },
  chronic: {},
  caffeinate: { short: "tw" },
  faketime: { skip: 1 },
  eatmydata: {},
  nocache: {},
  fakeroot: { short: "lsi", long: ["--lib", "--faked"] },
  busybox: {},
  chrt: { skip: 1 },
  taskset: { skip: 1 },
  numactl: {},
  tini: {},
  "dumb-init": {},
};
// Tools that run a command after `--`, or after their own verb (`op run -- psql db`, `mise exec -- node`).
const LOOSE = new Set(
  "op dotenv dotenvx doppler aws-vault direnv mise asdf torsocks proxychains proxychains4 strace ltrace firejail"
    .concat(" unbuffer bwrap setpriv proot valgrind retry infisical chamber envchain teller summon nvm fnm volta rbenv")
    .concat(" pyenv nodenv goenv pixi rtx")
    .split(" "),
);

/** Do these words, run with the terminal as their input, start a session? */
export function startsSession(args: readonly Arg[], depth = 0): boolean {
  const first = args[0];
  if (!first || depth > 8) return false;
  const inner = (words: readonly Arg[]) => startsSession(words, depth + 1);
  const rest = args.slice(1);
  const raw = commandName(first);
  if (raw === null) {
    // A name known only at run time is judged as the program its text names: `$SHELL -l`, `"$(which psql)" db`,
    // `${EDITOR:-vim} notes.md`.
    const named = tokens(first.text)
      .map((t) => ALIASES[t] ?? t)
      .find((t) => hasRule(t) && !INDIRECT.has(t));
    return named !== undefined && ruleOf(named)?.(rest, inner) === true;
  }
  const name = sessionName(raw);
  const wrapper = WRAPPERS[name];
  if (wrapper) {
    let words = rest.slice(scanOptions(rest, 0, wrapper).rest + (wrapper.skip ?? 0));
    // env's assignments come before the command.
    if (name === "env")
      words = words.slice(
        Math.max(
          0,
          words.findIndex((a) => !/^\w+=/.test(a.value ?? "")),
        ),
      );
    return inner(words);
  }
  if (LOOSE.has(name)) {
    const dashes = rest.findIndex((a) => a.value === "--");
    if (dashes >= 0) return inner(rest.slice(dashes + 1));
    const at = rest.findIndex(
      (a) => a.value === null || !(a.value.startsWith("-") || ["run", "exec"].includes(a.value)),
    );
    return at >= 0 && inner(rest.slice(at));
  }
  if (first.glob) {
    const pattern = globToRegExp(name);
    return everyRule().some(([n, rule]) => pattern.test(n) && rule(rest, inner));
  }
  return ruleOf(name)?.(rest, inner) === true;
}

const NO_DOMAIN: Domain<World> = { start: {}, key: () => "", join: () => ({}) as World };

/**
 * False when a plain bash list (plain-list.ts: no quoting, expansion or redirection) is certain to start no
 * session, told without the parser; undefined when only the full reading can tell. The shell analysis follows no
 * command whose name fails `followsCommand` (no shell, wrapper, runner, eval or alias), so for such a line its
 * commands are the list's own words, and the full reading judges a subset of them (those with the terminal as
 * input) with startsSession, as here. `gh pr view 12`, `vim --version`: a name of the tables with words that do not
 * make it wait for input.
 */
function plainLineOpensNone(command: string): false | undefined {
  const simple = plainCommands(command);
  if (!simple) return undefined;
  for (const words of simple) {
    const args = words.map(literalArg);
    const name = commandName(args[0]);
    if (name === null || followsCommand(name) || startsSession(args)) return undefined;
  }
  return false;
}

/** true when `command` starts a session that reads what is typed into it. */
export function opensInteractiveSession(command: string, dialect?: ShellDialect): boolean {
  if (!maySession(command)) return false;
  if (dialect !== "powershell" && plainLineOpensNone(command) === false) return false;
  return readsAsSession(command, dialect);
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
