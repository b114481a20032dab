// How Windows turns a hook command into the argv node sees, step by step, so the command lines hookrail writes
// can be checked on any machine: Rust's and PowerShell's argument quoting, cmd.exe's `/C`, and the C runtime's
// command-line split that node.exe (like every MSVC program) uses. Each follows its documented rules:
// - Rust std `sys/args/windows.rs` (`make_command_line`, `append_arg`): the program always in quotes; an
//   argument in quotes when it holds a space or a tab or is empty; `"` written `\"`, with the backslashes
//   before it doubled;
// - `cmd /?` ("If /C or /K is specified…"): the quote rule, then `%NAME%` expansion, `^`, and the operators
//   `& | < >` outside quotes;
// - Microsoft's "Parsing C command-line arguments" (the 2008 and later CRT rules).
import { win32 } from "node:path";
import vm from "node:vm";

/** Rust's `Command::new(program).args(args)` as the command line CreateProcess gets. */
export function rustCommandLine(program: string, args: readonly string[]): string {
  return [`"${program}"`, ...args.map((a) => quoteArg(a, /[ \t]/.test(a) || a === ""))].join(" ");
}

/** A native argument as PowerShell 7.3+ (`$PSNativeCommandArgumentPassing` Standard/Windows) writes it. */
export const powershellArg = (arg: string): string => quoteArg(arg, /[ \t]/.test(arg) || arg === "");

/** The same argument as Windows PowerShell 5.1 (Legacy) writes it: in quotes when it holds a space, nothing escaped. */
export const powershellLegacyArg = (arg: string): string => (/[ \t]/.test(arg) ? `"${arg}"` : arg);

function quoteArg(arg: string, quote: boolean): string {
  let out = quote ? '"' : "";
  let backslashes = 0;
  for (const c of arg) {
    if (c === "\\") backslashes++;
    else {
      if (c === '"') out += "\\".repeat(backslashes + 1);
      backslashes = 0;
    }
    out += c;
  }
  return quote ? `${out}${"\\".repeat(backslashes)}"` : out;
}

/**
 * What `cmd.exe /C` runs, given the whole command line cmd was started with: its quote rule, then `%NAME%`
 * expansion (names in `env`, case-insensitive) and `^`. Throws where cmd would do more than start one program
 * (an operator outside quotes) or where the outcome depends on the disk (rule 1's "name of an executable file").
 */
export function cmdSlashC(commandLine: string, env: Record<string, string> = {}): string {
  const at = /^"[^"]*"\s+\/C\s*/i.exec(commandLine);
  if (!at) throw new Error(`no /C in ${commandLine}`);
  let rest = commandLine.slice(at[0].length);
  const quotes = [...rest].filter((c) => c === '"').length;
  if (quotes === 2 && rest.startsWith('"')) {
    const inner = rest.slice(1, rest.indexOf('"', 1));
    if (!/[&<>()@^|]/.test(inner) && /\s/.test(inner))
      throw new Error(`cmd keeps the quotes only if "${inner}" is an executable file: depends on the disk`);
  }
  if (rest.startsWith('"')) {
    const last = rest.lastIndexOf('"');
    rest = rest.slice(1, last) + rest.slice(last + 1);
  }
  const names = new Map(Object.entries(env).map(([k, v]) => [k.toUpperCase(), v]));
  rest = rest.replace(/%([^%\s]+)%/g, (all, name: string) => names.get(name.toUpperCase()) ?? all);
  let out = "";
  let quoted = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "^") {
      out += rest[++i] ?? "";
      continue;
    } else if (!quoted && /[&|<>]/.test(c)) throw new Error(`cmd reads ${c} as an operator in ${rest}`);
    out += c;
  }
  if (/^\s*[(@]/.test(out)) throw new Error(`cmd reads ${out[0]} at the start of ${out}`);
  return out;
}

/** The argv an MSVC program (node.exe) gets from its command line. */
export function msvcArgv(line: string): string[] {
  const argv: string[] = [];
  let i = 0;
  // The program name: up to the next quote when it starts with one, else up to white space; no escapes.
  if (line[0] === '"') {
    const end = line.indexOf('"', 1);
    argv.push(line.slice(1, end < 0 ? undefined : end));
    i = end < 0 ? line.length : end + 1;
  } else {
    const end = line.search(/[ \t]/);
    argv.push(line.slice(0, end < 0 ? undefined : end));
    i = end < 0 ? line.length : end;
  }
  for (;;) {
    while (line[i] === " " || line[i] === "\t") i++;
    if (i >= line.length) return argv;
    let arg = "";
    let quoted = false;
    while (i < line.length) {
      const c = line[i];
      if (!quoted && (c === " " || c === "\t")) break;
      if (c === "\\") {
        let n = 0;
        while (line[i] === "\\") {
          n++;
          i++;
        }
        // 2n backslashes and a quote: n backslashes, and the quote opens or closes; 2n+1: n and a quote.
        if (line[i] !== '"') arg += "\\".repeat(n);
        else {
          arg += "\\".repeat(Math.floor(n / 2));
          if (n % 2 === 1) {
            arg += '"';
            i++;
          }
        }
      } else if (c === '"') {
        if (quoted && line[i + 1] === '"') {
          arg += '"';
          i += 2;
        } else {
          quoted = !quoted;
          i++;
        }
      } else {
        arg += c;
        i++;
      }
    }
    argv.push(arg);
  }
}

/** What `node -e <code>` loads, run with Windows' path rules and a made-up machine (home, environment, git). */
export function nodeEvalOnWindows(
  code: string,
  machine: { env: Record<string, string>; home: string; gitTopLevel?: string },
): string[] {
  const loaded: string[] = [];
  const modules: Record<string, unknown> = {
    path: win32,
    os: { homedir: () => machine.home },
    child_process: {
      execFileSync: (file: string, args: string[]) => {
        if (file !== "git" || args.join(" ") !== "rev-parse --show-toplevel" || !machine.gitTopLevel)
          throw new Error(`unexpected ${file} ${args.join(" ")}`);
        // git prints the top level with forward slashes on Windows.
        return Buffer.from(`${machine.gitTopLevel.replaceAll("\\", "/")}\n`);
      },
    },
  };
  const require = (name: string) => {
    if (name in modules) return modules[name];
    loaded.push(name);
    return {};
  };
  vm.runInNewContext(code, { require, process: { env: machine.env } });
  return loaded;
}
