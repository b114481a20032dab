// Settings whose value is a command that git, gh or ssh run later: `GIT_EDITOR=…`, `GIT_SEQUENCE_EDITOR=…`,
// `git -c core.editor=…`, `git config sequence.editor …`. Their value is analysed as shell code (git runs it
// with `sh -c`), wherever it is set: a prefix, a plain assignment, export, env.
import type { ParsedScript, SyntaxNode } from "unbash";
import type { Ctx, Invocation } from "./context.ts";
import { forEachChild } from "./parse-shell.ts";
import { runCode } from "./run-code.ts";
import { type Arg, argFromWord, commandName, literalArg } from "./shell-words.ts";

const VARIABLES = new Set(
  (
    "GIT_EDITOR GIT_SEQUENCE_EDITOR EDITOR VISUAL GH_EDITOR GIT_PAGER GH_PAGER PAGER GIT_SSH_COMMAND GIT_SSH " +
    "GIT_ASKPASS SSH_ASKPASS GIT_EXTERNAL_DIFF GIT_PROXY_COMMAND BROWSER GH_BROWSER"
  ).split(" "),
);
const CONFIG_VALUE = /^GIT_CONFIG_VALUE_\d+$/;
// git config keys (lower-cased) whose value git runs as a command.
const CONFIG_KEYS =
  /^(core\.(editor|pager|sshcommand|askpass|fsmonitor)|sequence\.editor|pager\..+|diff\.external|diff\..+\.(command|textconv)|(difftool|mergetool)\..+\.cmd|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential(\..+)?\.helper|gpg(\..+)?\.program)$/;

/** A git config key whose value git runs as a command. */
export function isCommandSetting(key: string): boolean {
  return CONFIG_KEYS.test(key.toLowerCase());
}

/** Analyses a command-valued setting's value as shell code. */
export function runSetting(value: Arg, inv: Invocation, ctx: Ctx): void {
  // `credential.helper=store` names a helper program; only `!…` is shell code, read as such either way.
  const code = value.text.startsWith("!")
    ? { ...value, value: value.value?.slice(1) ?? null, text: value.text.slice(1) }
    : value;
  runCode(code, inv, ctx);
}

// Commands whose `NAME=value` arguments set variables for what they run (or for the shell).
const SETTERS = new Set(["env", "sudo", "doas", "export", "declare", "typeset", "local", "readonly"]);

/** Every assignment of a command-valued variable in the script (also `env NAME=…` words). */
export function analyzeCommandVariables(script: ParsedScript, source: string, ctx: Ctx): void {
  const visit = (node: SyntaxNode): void => {
    if (node.type === "Assignment" && node.value.type === "Word") {
      variable(node.name, argFromWord(node.value), node.pos, node.end, source, ctx);
    } else if (
      node.type === "Command" &&
      SETTERS.has(commandName(node.name ? argFromWord(node.name) : undefined) ?? "")
    ) {
      for (const a of node.args) {
        const arg = a.type === "Word" ? argFromWord(a) : undefined;
        const m = arg && /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(arg.text);
        if (!arg || !m?.[1]) continue;
        const eq = m[0].length;
        const value = { ...arg, value: arg.value?.slice(eq) ?? null, text: arg.text.slice(eq) };
        variable(m[1], value, a.pos, a.end, source, ctx);
      }
    }
    forEachChild(node, visit);
  };
  visit(script);
}

function variable(name: string, value: Arg, pos: number, end: number, source: string, ctx: Ctx): void {
  const inv: Invocation = {
    args: [],
    approved: false,
    open: false,
    stdin: { kind: "none" },
    command: source.slice(pos, end),
    source,
  };
  if (VARIABLES.has(name) || CONFIG_VALUE.test(name)) runSetting(value, inv, ctx);
  else if (name === "GIT_CONFIG_PARAMETERS") {
    // `'core.editor=…' 'k=v'`: each quoted pair a git -c setting.
    if (value.value === null) runSetting(value, inv, ctx);
    for (const m of value.text.matchAll(/'([^'=]+)=([^']*)'/g)) {
      if (isCommandSetting(m[1] ?? "")) runSetting(literalArg(m[2] ?? ""), inv, ctx);
    }
  }
}
