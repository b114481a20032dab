// Windows programs that run a command line of their own: `cmd /c …` (cmd's syntax: `&`, `&&`, `||`, `|`, `^`
// escapes, `"` quotes, `%NAME%` variables) and `wsl …` (a Linux shell). Reached from PowerShell lines and from
// Git Bash alike (`cmd //c` there).
import { type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { splitCommandLine } from "./powershell/ps-args.ts";
import { runCode, runStdin } from "./run-code.ts";
import { type Arg, joinArgs } from "./shell-words.ts";

/** `cmd /c line`, `cmd /k line` (also `/s /c`, `/q`, `/d`, `/v:on`…); without them cmd reads its input. */
export function analyzeCmd(inv: Invocation, ctx: Ctx): void {
  for (let i = 1; i < inv.args.length; i++) {
    const arg = inv.args[i] as Arg;
    const v = arg.value;
    const m = v === null ? null : /^(?:\/\/?|-)([ck])(.*)$/is.exec(v);
    if (m) {
      const rest = [...(m[2] ? [{ ...arg, value: m[2], text: m[2] }] : []), ...inv.args.slice(i + 1)];
      const line = joinArgs(rest);
      if (line.value === null) unknownPart(ctx, inv, "cmd runs a command line known only at run time");
      cmdLine(line.value ?? line.text, inv, ctx);
      return;
    }
    if (v === null || !/^(?:\/\/?|-)(?:[qdsaux]|[efv](?::(?:on|off))?|t:\w+)$/i.test(v)) return;
  }
  runStdin(inv, ctx);
}

/** Each command of a cmd line, as the words its program gets. */
function cmdLine(line: string, inv: Invocation, ctx: Ctx): void {
  let moved = false;
  for (const piece of cmdPieces(line)) {
    const text = piece.replace(/^[\s@(]+|[\s)]+$/g, "").replace(/^call\s+/i, "");
    if (text === "") continue;
    if (/^(?:if|for)\b/i.test(text)) {
      unknownPart(ctx, { ...inv, command: text }, "cmd runs a command line it builds at run time");
      continue;
    }
    const words = splitCommandLine(text.replace(/\^(.)/g, "$1"));
    const name = words[0]?.value?.toLowerCase();
    // `cd /d dir` inside cmd: the commands after it run in a folder this analysis does not follow.
    if (name === "cd" || name === "chdir" || name === "pushd") moved = true;
    const changes = {
      command: text,
      stdin: { kind: "none" } as const,
      ...(moved ? { chdir: [...(inv.chdir ?? []), null] } : {}),
    };
    ctx.analyzeInvocation(withArgs(inv, words, { ...changes, approved: false }), ctx);
    const inner = name === "start" ? startedBy(text, words) : [];
    if (inner.length > 0) ctx.analyzeInvocation(withArgs(inv, inner, { ...changes, approved: false }), ctx);
  }
}

// cmd's `start` options that take the next word as their value.
const START_VALUED = /^\/(?:d|node|affinity)$/i;

/** cmd's `start ["title"] [/options] command args`: the command's words (none: it opens a new cmd window). */
function startedBy(text: string, words: readonly Arg[]): Arg[] {
  // The first quoted word is the window's title.
  let i = /^start\s+"/i.test(text) ? 2 : 1;
  for (; i < words.length; i++) {
    const v = words[i]?.value;
    if (v === null || v === undefined || !v.startsWith("/")) break;
    if (START_VALUED.test(v)) i++;
  }
  return words.slice(i);
}

/** A cmd line split at its unquoted `&`, `&&`, `||` and `|` (`^` escapes the next character). */
function cmdPieces(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "^" && !quoted && i + 1 < line.length) {
      cur += c + line[i + 1];
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      cur += c;
    } else if (!quoted && (c === "&" || c === "|")) {
      out.push(cur);
      cur = "";
      if (line[i + 1] === c) i++;
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** `wsl [options] [--] command…` runs it through the distribution's shell; `wsl -e prog args` runs the words. */
export function analyzeWsl(inv: Invocation, ctx: Ctx): void {
  for (let i = 1; i < inv.args.length; i++) {
    const v = inv.args[i]?.value;
    if (v === null || v === undefined) {
      unknownPart(ctx, inv, "wsl runs a command known only at run time");
      return;
    }
    if (/^(?:-d|--distribution|-u|--user|--cd|--shell-type|--distribution-id)$/.test(v)) {
      i++;
      continue;
    }
    if (v === "-e" || v === "--exec") {
      const words = inv.args.slice(i + 1);
      if (words.length > 0) ctx.analyzeInvocation(withArgs(inv, words), ctx);
      return;
    }
    if (v === "--") {
      runCode(joinArgs(inv.args.slice(i + 1)), inv, ctx);
      return;
    }
    if (v.startsWith("-")) {
      // Management options (--install, --list, --shutdown…) run no command.
      if (!/^(?:--system|--user)$/.test(v)) return;
      continue;
    }
    runCode(joinArgs(inv.args.slice(i)), inv, ctx);
    return;
  }
}
