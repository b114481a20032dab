// Programs that read commands typed at the terminal when nothing is given for them to run: shells, language REPLs,
// database shells (psql's `\!`, sqlite3's `.shell` run commands too), editors and pagers with shell escapes,
// debuggers. Each rule says, from the words after the name, whether this call would sit waiting for typed input.
import { type Arg, hasOption, literalArg, scanInterspersed, scanOptions } from "@hookrail/shell/engine";

/** The words after the program's name → does it start a session? `inner` judges a command it runs (`-m pdb`). */
export type SessionRule = (args: readonly Arg[], inner: (args: readonly Arg[]) => boolean) => boolean;

const HELP = ["--version", "--help", "-?", "-version", "-help"];

interface Repl {
  /** Short options that take a value (getopt style). */
  short?: string;
  long?: readonly string[];
  /** Options that give it something to run, or make it print and exit. */
  runs: readonly string[];
  /** Options that keep it interactive whatever else it is given (`python -i script.py`). */
  interactive?: readonly string[];
  /** Options stop at the first operand (`python script.py -c` passes -c to the script). */
  stopsAtOperand?: boolean;
  /** An operand is what it connects to or opens, not something to run (`psql mydb`, `vim notes.md`). */
  operandIsTarget?: boolean;
  /** What it is given to run wins over the interactive options (`bash -ic 'cmd'` runs cmd and leaves). */
  runsFirst?: boolean;
}

/** A session unless it is given code, a script or a file to run (or asked for its version). */
function repl(spec: Repl): SessionRule {
  return (args) => {
    const s = spec.stopsAtOperand
      ? (() => {
          const scan = scanOptions(args, 0, spec);
          return { options: scan.options, operands: args.slice(scan.rest) };
        })()
      : scanInterspersed(args, spec);
    const runs = hasOption(s, ...spec.runs, ...HELP);
    if (spec.runsFirst && runs) return false;
    if (spec.interactive && hasOption(s, ...spec.interactive)) return true;
    if (runs) return false;
    // `-` is the terminal itself: what is typed is the program.
    if (s.operands.length === 0 || s.operands[0]?.value === "-" || spec.operandIsTarget) return true;
    return false;
  };
}

const SHELL = repl({
  short: "oO",
  long: ["--rcfile", "--init-file"],
  runs: ["-c", "--command"],
  interactive: ["-i", "-s"],
  stopsAtOperand: true,
  runsFirst: true,
});

/** `pwsh`, `powershell`: single-dash long options, a script as the first operand; `-NoExit` keeps it open. */
const POWERSHELL: SessionRule = (args) => {
  const words = args.map((a) => a.value?.toLowerCase() ?? null);
  if (words.some((w) => w === "-noexit" || w === "-noe")) return true;
  const valued =
    /^-(?:executionpolicy|ep|ex|workingdirectory|wd|configurationname|settingsfile|outputformat|of|o|inputformat|if|windowstyle|w|custompipename)$/;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === null || w === undefined) return false;
    if (/^[-/](?:c|command|f|file|e|ec|encodedcommand|cwa|commandwithargs|v|version|h|help|\?)$/.test(w)) return false;
    if (valued.test(w)) i++;
    else if (!w.startsWith("-")) return false;
  }
  return true;
};

/** cmd.exe: `/c` runs and ends, `/k` runs and stays. */
const CMD: SessionRule = (args) => {
  const words = args.map((a) => a.value?.toLowerCase() ?? null);
  if (words.includes("/k")) return true;
  return !words.some((w) => w === null || w === "/c" || !w.startsWith("/"));
};

const REPL_MODULES = new Set(["asyncio", "code"]);
const PYTHON: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "cmWXQ" });
  if (hasOption(s, "-i")) return true;
  const module = s.options.find((o) => o.name === "-m")?.value;
  // `python -m asyncio` is a REPL; `python -m pdb x.py`, `python -m django shell`: the module is the program.
  if (module) return REPL_MODULES.has(module.value ?? "") || inner([module, ...args.slice(s.rest)]);
  if (hasOption(s, "-c", "-V", "--version", "-h", "--help", "-?")) return false;
  const script = args[s.rest];
  if (!script) return true;
  if (script.value === "-") return true;
  // `python manage.py shell`: Django's commands.
  const name = script.value?.replace(/^.*\//, "");
  return name === "manage.py" ? inner([literalArg("django-admin"), ...args.slice(s.rest + 1)]) : false;
};

const NODE = repl({
  short: "erpC",
  long: [
    "--eval",
    "--print",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "--input-type",
    "--env-file",
  ],
  runs: ["-e", "--eval", "-p", "--print", "-c", "--check", "-v", "--test", "--run", "--v8-options", "-h"],
  interactive: ["-i", "--interactive"],
  stopsAtOperand: true,
});
/** `node inspect app.js`: the debugger's prompt. */
const NODE_WITH_DEBUGGER: SessionRule = (args, inner) => {
  const s = scanOptions(args, 0, { short: "erpC", long: ["--eval", "--print", "--require", "--import"] });
  const first = args[s.rest]?.value;
  return first === "inspect" || first === "debug" || NODE(args, inner);
};

const E_CODE = (extra: Partial<Repl> = {}) =>
  repl({ short: "eEIrCFl", runs: ["-e", "-E", "-v", "-V", "-h", "-c"], stopsAtOperand: true, ...extra });

// A REPL unless code, a script or a batch mode is given.
const PLAIN = repl({
  short: "elsgt",
  long: ["--eval", "--load", "--script"],
  runs: ["-e", "-c", "--eval", "--script", "--batch", "--non-interactive", "-x", "-s", "-g", "-v", "-h"],
  interactive: ["-i", "--interactive", "--repl"],
  stopsAtOperand: true,
});
// Only help and version make it print and leave.
const ALWAYS = repl({ runs: ["-v", "-h"], operandIsTarget: true });

// Database shells: the operands are the database to connect to; these run a query and leave.
const PSQL = repl({
  short: "cdfFhLopPRTUv",
  long: ["--command", "--dbname", "--file", "--host", "--port", "--username", "--set", "--variable", "--output"],
  runs: ["-c", "--command", "-l", "--list", "-V"],
  operandIsTarget: true,
});
const psql: SessionRule = (args, inner) => {
  // `psql -f -` reads the queries from the terminal.
  const s = scanInterspersed(args, { short: "cdfFhLopPRTUv", long: ["--file"] });
  const file = s.options.find((o) => o.name === "-f" || o.name === "--file")?.value?.value;
  if (file && file !== "-") return false;
  return PSQL(args, inner);
};
const MYSQL_OPTIONS = repl({
  short: "hPuDSeO",
  long: ["--host", "--port", "--user", "--database", "--socket", "--execute", "--defaults-file"],
  runs: ["-e", "--execute", "-V", "-I"],
  operandIsTarget: true,
});
// `-psecret` and a bare `-p` (which asks) are the password: never a value-taking option to scan.
const MYSQL: SessionRule = (args, inner) =>
  MYSQL_OPTIONS(
    args.filter((a) => !/^-p|^--password/.test(a.value ?? "")),
    inner,
  );
// sqlite3 [options] [db] [sql]: a second operand is SQL to run.
const SQLITE: SessionRule = (args) => {
  const valued = /^--?(?:cmd|init|separator|newline|nullvalue|vfs|maxsize|mmap|pagecache|lookaside|heap|a|c|s|f)$/;
  const operands: (string | null)[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]?.value ?? null;
    if (w !== null && /^--?(?:version|help|c|s|f)$/.test(w)) return false;
    if (w !== null && valued.test(w)) i++;
    else if (w === null || !w.startsWith("-")) operands.push(w);
  }
  return operands.length < 2;
};
const MONGO: SessionRule = (args, inner) => {
  const s = scanInterspersed(args, {
    short: "upf",
    long: ["--host", "--port", "--username", "--password", "--authenticationDatabase", "--eval", "--file"],
  });
  if (hasOption(s, "--shell")) return true;
  if (hasOption(s, "--eval", "-f", "--file")) return false;
  if (s.operands.some((o) => o.value === null || /\.js$/.test(o.value))) return false;
  return ALWAYS(args, inner);
};
// redis-cli [options] [command args]: a command given runs once.
const REDIS = repl({
  short: "hpsaunridDt",
  long: ["--user", "--pass", "--sni", "--cacert", "--cacertdir", "--cert", "--key", "--eval"],
  runs: ["--eval", "--pipe", "--rdb", "--functions-rdb", "--bigkeys", "--memkeys", "--hotkeys", "--scan"]
    .concat(["--stat", "--latency", "--latency-history", "--latency-dist", "--lru-test", "--intrinsic-latency"])
    .concat(["--replica", "--slave", "--cluster", "--monitor", "-x", "-v"]),
});
const CQLSH = repl({
  short: "upkfe",
  long: ["--username", "--password", "--keyspace", "--file", "--execute", "--cqlversion", "--encoding"],
  runs: ["-e", "--execute", "-f", "--file"],
  operandIsTarget: true,
});
const CLICKHOUSE_CLIENT = repl({
  short: "hudq",
  long: ["--host", "--port", "--user", "--password", "--database", "--query", "--queries-file"],
  runs: ["-q", "--query", "--queries-file", "-V"],
  operandIsTarget: true,
});
/** `clickhouse client`, `clickhouse local`, bare `clickhouse` (local): a prompt unless given a query. */
const CLICKHOUSE: SessionRule = (args, inner) => {
  const mode = args[0]?.value;
  if (mode === undefined) return true;
  if (mode === "client" || mode === "local") return CLICKHOUSE_CLIENT(args.slice(1), inner);
  return mode?.startsWith("-") ? CLICKHOUSE_CLIENT(args, inner) : false;
};
// pgcli, mycli, litecli, usql, cockroach sql, sqlcmd (-Q runs and leaves; -q runs and stays).
const SQL_CLI = repl({
  short: "hpPuUdDSfe",
  long: ["--host", "--port", "--user", "--username", "--dbname", "--database", "--file", "--execute"],
  runs: ["-c", "--command", "-e", "--execute", "-f", "--file", "-l", "--list", "-Q", "-i", "-V"],
  operandIsTarget: true,
});
/** `duckdb [db] [sql]`: -c/-s/-f run and leave; a second operand is SQL. */
const DUCKDB: SessionRule = (args, inner) => SQLITE(args, inner);

// Editors and pagers: what is typed is keys, and `:!cmd`, `M-!`, `!cmd` run a command.
const EDITOR = repl({
  runs: ["--headless", "--batch", "-batch", "--script", "-h", "-e", "--eval"],
  operandIsTarget: true,
});
const PAGER = repl({ runs: ["-V"], operandIsTarget: true });
// gdb/lldb: `shell cmd` runs a command; batch modes leave.
const DEBUGGER = repl({
  short: "pxo",
  long: ["--pid", "--command", "-ex"],
  runs: ["--batch", "-batch", "-b", "--version", "--help"],
  operandIsTarget: true,
});

/** `clj`, `clojure`: a REPL unless a main, an expression, a function (`-X:alias`) or a script is given. */
const CLOJURE: SessionRule = (args) =>
  !args.some(
    (a) =>
      a.value === null ||
      /^-[XTP](?::|$)|^-S(?:path|tree|describe)|^(?:-m|--main|-e|--eval|--help|-h|--version)$/.test(a.value) ||
      !a.value.startsWith("-"),
  );

/** Subcommands that open a REPL (`deno repl`, `cabal repl`, `sbt console`), or none given at all (`deno`). */
const subcommand =
  (names: readonly string[], bare = false): SessionRule =>
  (args) => {
    const first = args.find((a) => a.value === null || !a.value.startsWith("-"));
    if (!first) return bare && !args.some((a) => HELP.includes(a.value ?? "") || a.value === "-h");
    return first.value !== null && names.includes(first.value);
  };

export const PROGRAMS: Readonly<Record<string, SessionRule>> = {
  ...Object.fromEntries(
    "sh bash rbash dash ash zsh ksh mksh pdksh yash posh fish tcsh csh nu xonsh elvish"
      .split(" ")
      .map((n) => [n, SHELL]),
  ),
  pwsh: POWERSHELL,
  powershell: POWERSHELL,
  cmd: CMD,
  python: PYTHON,
  // The Windows launcher: `py`, `py -3.12`.
  py: PYTHON,
  node: NODE_WITH_DEBUGGER,
  nodejs: NODE_WITH_DEBUGGER,
  "ts-node": NODE,
  tsx: NODE,
  ruby: E_CODE(),
  perl: E_CODE({ interactive: ["-d"], short: "eEIMmCxF" }),
  php: (args, inner) => {
    const s = scanOptions(args, 0, { short: "cdfrBRFEStz" });
    if (hasOption(s, "-a")) return true;
    const runs = ["-r", "-f", "-S", "-R", "-F", "-B", "-E", "-v", "-h", "-i", "-m", "-l", "-s", "-w", ...HELP];
    if (hasOption(s, ...runs)) return false;
    const script = args[s.rest];
    if (!script) return true;
    // Laravel's `php artisan tinker`.
    return script.value?.replace(/^.*\//, "") === "artisan" ? inner([script, ...args.slice(s.rest + 1)]) : false;
  },
  artisan: (args) => args[0]?.value === "tinker" && !args.some((a) => a.value?.startsWith("--execute")),
  lua: E_CODE({ interactive: ["-i"] }),
  luajit: E_CODE({ interactive: ["-i"] }),
  julia: repl({
    short: "eEpJLCtO",
    long: ["--eval", "--print", "--project"],
    runs: ["-e", "-E", "--eval", "--print", "-v"],
    interactive: ["-i"],
    stopsAtOperand: true,
  }),
  r: repl({ short: "ef", long: ["--file"], runs: ["-e", "-f", "--file", "--slave"], stopsAtOperand: true }),
  ghci: repl({ runs: ["-e"], operandIsTarget: true }),
  jshell: ALWAYS,
  iex: ALWAYS,
  erl: repl({ runs: ["-noshell", "-noinput", "-detached", "-eval", "-s", "-run"], operandIsTarget: true }),
  irb: repl({ short: "rI", runs: ["-v"], stopsAtOperand: true }),
  pry: ALWAYS,
  ipython: repl({ short: "cm", runs: ["-c", "-m"], interactive: ["-i"], stopsAtOperand: true }),
  ptpython: ALWAYS,
  bpython: ALWAYS,
  pdb: ALWAYS,
  ipdb: ALWAYS,
  pudb: ALWAYS,
  ...Object.fromEntries(
    "ocaml utop racket guile sbcl clisp swipl gforth tclsh wish groovysh coffee csi kotlinc scala amm chez scheme"
      .split(" ")
      .map((n) => [n, PLAIN]),
  ),
  clj: CLOJURE,
  clojure: CLOJURE,
  deno: subcommand(["repl"], true),
  bun: subcommand(["repl"]),
  lein: subcommand(["repl"]),
  boot: subcommand(["repl"]),
  sbt: subcommand(["console", "consoleQuick", "shell"], true),
  cabal: subcommand(["repl", "v2-repl", "new-repl"]),
  stack: subcommand(["ghci", "repl"]),
  elm: subcommand(["repl"]),
  "scala-cli": subcommand(["repl"]),
  dotnet: (args) =>
    args[0]?.value === "fsi" && !args.slice(1).some((a) => a.value === null || !a.value.startsWith("-")),
  psql,
  mysql: MYSQL,
  mariadb: MYSQL,
  sqlite3: SQLITE,
  sqlite: SQLITE,
  duckdb: DUCKDB,
  mongosh: MONGO,
  mongo: MONGO,
  "redis-cli": REDIS,
  "valkey-cli": REDIS,
  "keydb-cli": REDIS,
  cqlsh: CQLSH,
  clickhouse: CLICKHOUSE,
  "clickhouse-client": CLICKHOUSE_CLIENT,
  "clickhouse-local": CLICKHOUSE_CLIENT,
  pgcli: SQL_CLI,
  mycli: SQL_CLI,
  litecli: SQL_CLI,
  usql: SQL_CLI,
  sqlcmd: SQL_CLI,
  isql: SQL_CLI,
  sqlplus: (args) => !args.some((a) => a.value === null || /^@|^-(?:v|V|h|help)$/i.test(a.value)),
  cockroach: (args, inner) => args[0]?.value === "sql" && SQL_CLI(args.slice(1), inner),
  ...Object.fromEntries(
    "vi vim nvim view vimdiff ex ed emacs emacsclient nano micro hx helix kak joe mg jed"
      .split(" ")
      .map((n) => [n, EDITOR]),
  ),
  less: PAGER,
  more: PAGER,
  most: PAGER,
  gdb: DEBUGGER,
  lldb: DEBUGGER,
  dlv: (args) =>
    ["debug", "exec", "attach", "test", "core", "connect", "trace"].includes(args[0]?.value ?? "") &&
    !args.some((a) => a.value === "--headless"),
};
