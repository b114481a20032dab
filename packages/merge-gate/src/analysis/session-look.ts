// The interactive-session check (interactive-session.ts) without the shell's parser: the programs' rules
// (startsSession), and the cheap looks that prove a line starts no session (sessionLook). The full reading, which
// parses the line, is the check's own; a line these clear sets up neither it nor the parser, and no table at all
// when it names no program of the tables.
import { followsCommand } from "@hookrail/shell/names";
import { type Arg, commandName, globToRegExp, literalArg, scanOptions } from "@hookrail/shell/words";
import { plainCommands } from "./plain-list.ts";
import { databases } from "./session-databases.ts";
import { DATABASE_NAMES, PROGRAM_NAMES, RUNNER_NAMES } from "./session-names.ts";
import { programs } from "./session-programs.ts";
import type { SessionRule } from "./session-rule.ts";
import { runners } from "./session-runners.ts";

interface SessionNames {
  programs: ReadonlySet<string>;
  databases: ReadonlySet<string>;
  runners: ReadonlySet<string>;
}
let names: SessionNames | undefined;
/** The names of each table's programs, as sets, made on first use: the CLIs that never type into a session never make them. */
export const sessionNames = (): SessionNames =>
  (names ??= {
    programs: new Set(PROGRAM_NAMES.split(" ")),
    databases: new Set(DATABASE_NAMES.split(" ")),
    runners: new Set(RUNNER_NAMES.split(" ")),
  });

/** Whether a program of the tables has this name (no table is built). */
export const hasRule = (name: string): boolean => {
  const n = sessionNames();
  return n.programs.has(name) || n.databases.has(name) || n.runners.has(name);
};

// Names that open a session only with a word the line then also holds (`poetry shell`, `npx ts-node`, `docker run
// -it`): they alone do not send a line to the parse. Checked against the tables by the tests.
export const INDIRECT: ReadonlySet<string> = new Set(
  "docker podman nerdctl docker-compose podman-compose kubectl oc sudo doas nix devbox poetry pipenv hatch pdm uv uvx"
    .concat(
      " rye conda mamba bundle npx pnpx bunx npm pnpm yarn toolbox distrobox flox vagrant multipass limactl lxc incus",
    )
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
export function tokens(text: string): string[] {
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

type RuleTable = Readonly<Record<string, SessionRule>>;
/** A table of rules, built on first use: the CLIs that never type into a session never set one up. */
interface Table {
  names: ReadonlySet<string>;
  build: () => RuleTable;
  rules?: RuleTable;
}
let tables: readonly Table[] | undefined;
const TABLES = (): readonly Table[] => {
  if (tables) return tables;
  const names = sessionNames();
  tables = [
    { names: names.programs, build: programs },
    { names: names.databases, build: databases },
    { names: names.runners, build: runners },
  ];
  return tables;
};
const built = (table: Table): RuleTable => (table.rules ??= table.build());

/** The rule of a program, from the one table that holds its name. */
function ruleOf(name: string): SessionRule | undefined {
  const table = TABLES().find((t) => t.names.has(name));
  return table ? built(table)[name] : undefined;
}

/** Every program's rule, for a name only a pattern gives (`b?sh`). */
const everyRule = (): [string, SessionRule][] => TABLES().flatMap((t) => Object.entries(built(t)));

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

/**
 * The cheap looks in turn: false when they prove the line starts no session, undefined when only the full reading
 * (interactive-session.ts's readsAsSession) can tell.
 */
export function sessionLook(command: string, dialect?: "bash" | "powershell"): false | undefined {
  if (!maySession(command)) return false;
  if (dialect !== "powershell" && plainLineOpensNone(command) === false) return false;
  return undefined;
}
