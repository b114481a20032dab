// Programs that read commands typed at the terminal when nothing is given for them to run: shells, language REPLs,
// editors and pagers with shell escapes, debuggers (database shells are in session-databases.ts). Each rule says,
// from the words after the name, whether this call would sit waiting for typed input.
import { hasOption, literalArg, scanOptions } from "@hookrail/shell/words";
import { ALWAYS, HELP, type Repl, repl, type SessionRule } from "./session-rule.ts";

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

let programsTable: Readonly<Record<string, SessionRule>> | undefined;

/** The rules by program name, built on first use: only the CLIs that type into sessions ask (interactive-session.ts). */
export const programs = (): Readonly<Record<string, SessionRule>> =>
  (programsTable ??= {
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
  });
