// The interactive-session check's first looks, set up with the hook itself: the names of the tables' programs, the
// words that make one wait and the wrappers that run one, as sets made on first use, and no rule of the tables
// (session-look.ts), no table and no parser. A line these clear sets up nothing more: most lines name no program of
// the tables, and a plain line whose only such names are of programs that need one of those words (`gh pr view 12`:
// `view` is a program, but gh runs none) is told here too.
import { followsCommand } from "@hookrail/shell/names";
import { plainCommands } from "./plain-list.ts";
import { DATABASE_NAMES, PROGRAM_NAMES, RUNNER_NAMES } from "./session-names.ts";

interface SessionNames {
  programs: ReadonlySet<string>;
  databases: ReadonlySet<string>;
  runners: ReadonlySet<string>;
}
let names: SessionNames | undefined;
/** The names of each table's programs, as sets, made on first use (for the rules' lookup in session-look.ts). */
export const sessionNames = (): SessionNames =>
  (names ??= {
    programs: new Set(PROGRAM_NAMES.split(" ")),
    databases: new Set(DATABASE_NAMES.split(" ")),
    runners: new Set(RUNNER_NAMES.split(" ")),
  });

// The lists the first look reads, each between spaces: a name is looked for in the text, so that a line that names
// no program of the tables makes no set at all.
const spaced = (list: string) => ` ${list} `;
const TABLE_NAMES = spaced(`${PROGRAM_NAMES} ${DATABASE_NAMES} ${RUNNER_NAMES}`);
// Names that open a session only with a word the line then also holds (`poetry shell`, `npx ts-node`, `docker run
// -it`): they alone do not send a line to the parse. Checked against the tables by the tests.
const INDIRECT = spaced(
  "docker podman nerdctl docker-compose podman-compose kubectl oc sudo doas nix devbox poetry pipenv hatch pdm uv uvx" +
    " rye conda mamba bundle npx pnpx bunx npm pnpm yarn toolbox distrobox flox vagrant multipass limactl lxc incus" +
    " heroku fly flyctl gcloud aws gh machinectl systemd-run runuser gosu su-exec bun lein boot cabal stack elm" +
    " scala-cli dotnet cockroach django django-admin flask pscale turso",
);
// The words those need (a subcommand, an option), and the variables that name a shell or an editor.
const WORDS = spaced(
  "shell dbshell shell_plus shell-plus debugsqlshell console dbconsole repl ghci fsi develop enter activate ssh" +
    " start-session attach rsh sql pg:psql connect --shell --login --interactive --stdin editor visual pager",
);
// Programs of the tables whose rule runs no other program, and holds only for a line with one of those words or an
// option cluster (`gh codespace ssh`, `nix develop`, `systemd-run -S`): with neither, the program's other words are
// only its arguments. The tests hold each rule to it.
const WORD_ONLY = spaced(
  "gh aws gcloud fly flyctl pscale turso django django-admin manage.py flask machinectl systemd-run vagrant toolbox" +
    " distrobox devbox flox nix",
);

/** Whether `list` (spaced) holds `name`. */
const holds = (list: string, name: string): boolean => name !== "" && list.includes(` ${name} `);
const asSet = (list: string): ReadonlySet<string> => new Set(list.trim().split(" "));

/** Whether a program of the tables has this name (no table is built). */
export const hasRule = (name: string): boolean => holds(TABLE_NAMES, name);

let indirect: ReadonlySet<string> | undefined;
/** The names that need another word. */
export const indirectNames = (): ReadonlySet<string> => (indirect ??= asSet(INDIRECT));
/** Programs whose rule holds only with one of the session words or an option cluster among their words. */
export const wordOnlyNames = (): ReadonlySet<string> => asSet(WORD_ONLY);
/** The words those programs need. */
export const sessionWordSet = (): ReadonlySet<string> => asSet(WORDS);

// `-it`, `-i`, `-ai` (stdin attached), `-s`, `-is` (sudo's shell).
export const CLUSTER = /^-(?:[itaP]*i[itaP]*|s|is|si)$/;

// Programs whose versioned names are theirs (`python3.12`, `pypy3`, `ruby3.3`), by the letters they start with.
const FAMILY = /^(python|pypy|lua|ruby|perl|php|ipython)(?:[0-9][0-9.]*)?$/;
const FAMILY_STARTS = ["py", "lu", "ru", "pe", "ph", "ip"];

/** The program a command name is, for the tables: `python3.12` is python, `/usr/bin/Bash.exe` is bash. */
export function sessionName(name: string): string {
  let base = name.toLowerCase();
  if (base.includes("/") || base.includes("\\")) base = base.replace(/^.*[/\\]/, "");
  if (base.endsWith(".exe")) base = base.slice(0, -4);
  // The common word starts with none of the families' letters: no pattern runs for it.
  if (!FAMILY_STARTS.includes(base.slice(0, 2))) return base;
  const family = FAMILY.exec(base);
  return family ? (family[1] === "pypy" ? "python" : (family[1] as string)) : base;
}

/** A text's words as lower-cased tokens (quotes dropped: `b"as"h` is bash). */
const rawTokens = (text: string): string[] => {
  const lower = text.toLowerCase();
  return (lower.includes("'") || lower.includes('"') ? lower.replace(/['"]/g, "") : lower).split(/[^a-z0-9_.+\-/]+/);
};

/** A text's words as program names. */
export function tokens(text: string): string[] {
  return rawTokens(text)
    .filter((t) => t !== "")
    .map(sessionName);
}

/** Does a token make a program of the tables (`program`), or one that needs a word, wait for input? */
function sessionToken(token: string, program: boolean): boolean {
  const name = sessionName(token);
  return (
    (program && hasRule(name) && !holds(INDIRECT, name)) ||
    holds(WORDS, name) ||
    (token.startsWith("-") && CLUSTER.test(token))
  );
}

/** Could the line start a session at all? false proves it cannot (no parse needed). */
export function maySession(line: string): boolean {
  if (/[\\`*?[]/.test(line)) return true;
  return rawTokens(line).some((token) => sessionToken(token, true));
}

// The wrappers the programs' rules follow (session-look.ts's WRAPPERS and LOOSE; the tests hold these equal to them).
const WRAPPER_NAMES = spaced(
  "env exec command builtin nohup time nice timeout stdbuf setsid ionice chronic caffeinate faketime eatmydata nocache" +
    " fakeroot busybox chrt taskset numactl tini dumb-init",
);
const LOOSE_NAMES = spaced(
  "op dotenv dotenvx doppler aws-vault direnv mise asdf torsocks proxychains proxychains4 strace ltrace firejail" +
    " unbuffer bwrap setpriv proot valgrind retry infisical chamber envchain teller summon nvm fnm volta rbenv pyenv" +
    " nodenv goenv pixi rtx",
);
/** The names of the wrappers that run a command after their options, and of those that run one after `--` or a verb. */
export const wrapperNames = (): { wrappers: ReadonlySet<string>; loose: ReadonlySet<string> } => ({
  wrappers: asSet(WRAPPER_NAMES),
  loose: asSet(LOOSE_NAMES),
});
/** Whether a program of this name runs a command the rules follow. */
export const isLooseWrapper = (name: string): boolean => holds(LOOSE_NAMES, name);

/**
 * The first look: false when it proves the line starts no session, undefined when the next looks (session-look.ts)
 * must tell. Beyond maySession, a plain bash list (plain-list.ts) is cleared when none of its commands is a program
 * the shell analysis follows (followsCommand), a wrapper of the rules or a program of the tables, except programs of
 * WORD_ONLY without a session word or cluster among their words: the full reading judges exactly those commands
 * (session-look.ts's plainLineOpensNone says why), and a rule of WORD_ONLY cannot hold for them.
 */
export function quickSessionLook(command: string, dialect?: "bash" | "powershell"): false | undefined {
  if (!maySession(command)) return false;
  if (dialect === "powershell") return undefined;
  const simple = plainCommands(command);
  if (!simple) return undefined;
  for (const [raw = "", ...rest] of simple) {
    const name = sessionName(raw);
    if (followsCommand(raw) || followsCommand(name) || holds(WRAPPER_NAMES, name) || holds(LOOSE_NAMES, name)) {
      return undefined;
    }
    if (!hasRule(name)) continue;
    if (!holds(WORD_ONLY, name)) return undefined;
    if (rest.some((word) => rawTokens(word).some((token) => sessionToken(token, false)))) return undefined;
  }
  return false;
}
