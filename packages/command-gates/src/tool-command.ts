// Pure: the command line a tool call runs. A shell tool's command, in the language its adapter names; or, for a
// tool no adapter names (an MCP server's execute_command, run_command, start_process…, a newer CLI's own tool),
// the command it carries: a string, or words (`argv`, or a program and its `args`), or the `args` of a tool named
// after the program it runs (`terraform` given `["apply"]`), with what it feeds on standard input and the folder it
// names. A tool that carries none of these runs nothing the gates can read.
import type { ToolCall } from "@hookrail/core";

export interface ToolCommand {
  line: string;
  /** The line is PowerShell: the adapter says so, or the tool's name or its `shell` field does. */
  dialect?: "powershell";
  /** The folder the tool names (relative to the session's folder, or absolute). */
  workdir?: string;
}

const POWERSHELL = /powershell|pwsh/i;
const DIR_FIELDS = ["cwd", "workdir", "working_directory", "workingDirectory", "directory", "dir"];

/** undefined: the call runs no command the gates can read (a shell call without one is the caller's error). */
export function toolCommand(tool: ToolCall): ToolCommand | undefined {
  if (tool.kind === "shell") {
    if (tool.command === undefined) return undefined;
    return {
      line: tool.command,
      ...(tool.dialect === "powershell" ? { dialect: "powershell" as const } : {}),
      ...(tool.workdir !== undefined ? { workdir: tool.workdir } : {}),
    };
  }
  if (tool.kind !== "other") return undefined;
  const { input } = tool;
  const powershell = POWERSHELL.test(tool.name) || (typeof input.shell === "string" && POWERSHELL.test(input.shell));
  const line = carried(input, powershell) ?? programRun(tool.name, input, powershell);
  if (line === undefined) return undefined;
  const dir = DIR_FIELDS.map((f) => input[f]).find((v): v is string => typeof v === "string" && v !== "");
  return {
    line: withStdin(line, input.stdin, powershell),
    ...(powershell ? { dialect: "powershell" as const } : {}),
    ...(dir ? { workdir: dir } : {}),
  };
}

function carried(input: Record<string, unknown>, powershell: boolean): string | undefined {
  const { command, cmd, argv, args } = input;
  const text = typeof command === "string" ? command : typeof cmd === "string" ? cmd : undefined;
  const words = [command, cmd, argv].find(isWords);
  if (text !== undefined) return isWords(args) && args.length > 0 ? join([text, ...args], powershell, 1) : text;
  return words && words.length > 0 ? join(words, powershell) : undefined;
}

const isWords = (v: unknown): v is string[] => Array.isArray(v) && v.every((w) => typeof w === "string");

// A tool named after the program it runs (`mcp__terraform__terraform`, `npm_cli`): the words that may stand beside
// the program's name, and the names that say only that something runs (their program is in their input).
const FILLER = new Set(["cli", "tool", "tools", "mcp", "call", "invoke", "wrapper", "proxy", "raw", "passthrough"]);
const RUNNERS =
  /^(?:exec|execute|run|runner|command|cmd|shell|terminal|spawn|process|start|bash|sh|zsh|pwsh|powershell|script)$/;
const PROGRAM_FIELDS = ["program", "executable", "binary", "bin"];

/**
 * The line a tool that runs one program runs: its `args` (words or a string) after the program its input names, or
 * after the tool's own name when that is a program's (the last word where the CLI puts the server's name first
 * without a separator, as Copilot CLI's `npm-mcp-npm`).
 */
function programRun(name: string, input: Record<string, unknown>, powershell: boolean): string | undefined {
  const { args, argv } = input;
  const given = isWords(args) ? args : typeof args === "string" ? args : isWords(argv) ? argv : undefined;
  if (given === undefined || given.length === 0) return undefined;
  const program = programOf(name, input);
  if (program === undefined) return undefined;
  return typeof given === "string" ? `${program} ${given}` : join([program, ...given], powershell, 1);
}

function programOf(name: string, input: Record<string, unknown>): string | undefined {
  const named = PROGRAM_FIELDS.map((f) => input[f]).find((v): v is string => typeof v === "string" && v !== "");
  if (named !== undefined) return named;
  const split = /__|^mcp:/i.test(name);
  const own = name.split(/__|:/).pop() ?? "";
  const words = own
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9.+]+/)
    .filter((w) => w !== "" && !FILLER.has(w));
  const word = split ? (words.length === 1 ? words[0] : undefined) : words.at(-1);
  return word !== undefined && /^[a-z][a-z0-9.+-]*$/.test(word) && !RUNNERS.test(word) ? word : undefined;
}

/** Words given one by one, quoted for the line's language (from `from` on: a program string stays as written). */
function join(words: readonly string[], powershell: boolean, from = 0): string {
  const quote = powershell
    ? (w: string) => `'${w.replaceAll("'", "''")}'`
    : (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`);
  const out = words.map((w, i) => (i < from ? w : quote(w)));
  // PowerShell runs a quoted first word only through `&`.
  return powershell && from === 0 ? `& ${out.join(" ")}` : out.join(" ");
}

/** Text the tool feeds the command on standard input, as a here-document (bash) or a piped string (PowerShell). */
function withStdin(line: string, stdin: unknown, powershell: boolean): string {
  if (typeof stdin !== "string" || stdin === "") return line;
  if (powershell) return `'${stdin.replaceAll("'", "''")}' | ${line}`;
  let end = "HOOKRAIL_STDIN";
  while (stdin.split("\n").includes(end)) end += "_";
  return `${line} <<'${end}'\n${stdin}\n${end}`;
}
