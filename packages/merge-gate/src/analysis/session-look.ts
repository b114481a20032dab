// The interactive-session check (interactive-session.ts) without the shell's parser: the programs' rules
// (startsSession), and the look by those rules that proves a plain line starts no session (sessionLook, taken after
// session-quick.ts's first look). The full reading, which parses the line, is the check's own; a line these clear
// sets up neither it nor the parser.
import { followsCommand } from "@hookrail/shell/names";
import { type Arg, commandName, globToRegExp, literalArg, scanOptions } from "@hookrail/shell/words";
import { plainCommands } from "./plain-list.ts";
import { databases } from "./session-databases.ts";
import { programs } from "./session-programs.ts";
import { hasRule, indirectNames, isLooseWrapper, sessionName, sessionNames, tokens } from "./session-quick.ts";
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
export const WRAPPERS: Readonly<Record<string, { short?: string; long?: string[]; skip?: number }>> = {
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
      .find((t) => hasRule(t) && !indirectNames().has(t));
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
  if (isLooseWrapper(name)) {
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
 * The rules' look, taken only after session-quick.ts's quickSessionLook could not clear the line (which has already
 * asked maySession): false when it proves the line starts no session, undefined when only the full reading
 * (interactive-session.ts's readsAsSession) can tell.
 */
export function sessionLook(command: string, dialect?: "bash" | "powershell"): false | undefined {
  return dialect !== "powershell" && plainLineOpensNone(command) === false ? false : undefined;
}
