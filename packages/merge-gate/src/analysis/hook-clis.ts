// CLI subcommands that remove or switch off installed hooks (`claude plugin uninstall`, `gemini extensions
// disable`, `qwen extensions uninstall`, `droid plugin uninstall`, `codex features disable hooks`, `hookrail
// uninstall`), and interpreter code that writes a protected file. Each answer says what the command would change; undefined when it changes none of it.
import { PLACES } from "@hookrail/clis/places";
import type { HooksOffCommands } from "@hookrail/core/cli-places";
import { type Arg, type Invocation, interpreterOf, scanInterspersed } from "@hookrail/shell/engine";

// hookrail's own plugins and extensions, by name: uninstalling someone else's plugin is none of the gate's business.
const OURS = /hookrail|merge-gate|worktree-check|branch-drift|plan-export/i;
const REMOVE = new Set(["uninstall", "remove", "rm", "disable", "unlink"]);
const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
// A write as code spells it (Python, Node, Ruby, Perl, shell-outs); read together with a protected path.
const WRITE_CODE =
  /(?<!std(?:out|err)\.)write|append|unlink|remove|delete|rmtree|rmdir|\brm(?:Sync)?\b|rename|replace|move|copy|truncate|symlink|chmod|open\([^)]{0,200}['"][wax+]|>\s*['"$\w~/]|FileUtils|shutil/i;

const words = (inv: Invocation): Arg[] => scanInterspersed(inv.args.slice(1), { short: "c" }).operands;

/** Names after a removing verb: any of ours, a name known only at run time, or none (`--all`) count. */
function touchesOurs(names: readonly Arg[]): boolean {
  return names.length === 0 || names.some((a) => a.value === null || OURS.test(a.value));
}

function removes(ops: readonly Arg[], at: number): boolean {
  const verb = ops[at]?.value;
  return verb != null && REMOVE.has(verb) && touchesOurs(ops.slice(at + 1));
}

// Each CLI's own commands that uninstall or switch off hooks (its places.ts), and hookrail's.
const CLIS: Readonly<Record<string, (ops: Arg[]) => string | undefined>> = {
  ...Object.fromEntries(
    Object.values(PLACES).flatMap((places) => {
      const off = places.hooksOff;
      return off ? off.commands.map((command) => [command, (ops: Arg[]) => hooksOff(off, ops)]) : [];
    }),
  ),
  hookrail: (ops) => (ops[0]?.value === "uninstall" ? "uninstalls hookrail's hooks" : undefined),
};

/** What a CLI's command changes of its hooks, by its places' hooksOff. */
function hooksOff(off: HooksOffCommands, ops: Arg[]): string | undefined {
  for (const sub of off.subcommands ?? []) {
    if (!sub.words.every((word, i) => ops[i]?.value === word)) continue;
    const after = ops.slice(sub.words.length);
    if (sub.unless?.includes(after[0]?.value ?? "")) continue;
    if (sub.operand !== undefined && !after.some((a) => a.value === null || a.value === sub.operand)) continue;
    return sub.what;
  }
  return (
    (off.extensions ? extensions(ops, off.extensions) : undefined) ??
    (off.plugins ? plugins(ops, off.plugins) : undefined)
  );
}

/**
 * `pre-commit install|uninstall -t pre-push` (`--hook-type`, also `-tpre-push`, `--hook-type=pre-push`) writes or
 * removes .git/hooks/pre-push, the second layer's hook. Which types a bare `pre-commit install` installs is in the
 * project's .pre-commit-config.yaml (`default_install_hook_types`), which is not read.
 */
function preCommit(inv: Invocation): string | undefined {
  const s = scanInterspersed(inv.args.slice(1), { short: "tc", long: ["--hook-type", "--config", "--color"] });
  if (!["install", "uninstall", "init-templatedir"].includes(s.operands[0]?.value ?? "")) return undefined;
  const types = s.options.filter((o) => o.name === "-t" || o.name === "--hook-type").map((o) => o.value?.value);
  return types.some((t) => t === "pre-push" || t === null || t === undefined)
    ? "replaces the repository's pre-push hook"
    : undefined;
}

function extensions(ops: Arg[], what: string): string | undefined {
  const group = ops[0]?.value;
  return (group === "extensions" || group === "extension") && removes(ops, 1)
    ? `uninstalls or disables ${what}`
    : undefined;
}

function plugins(ops: Arg[], what: string): string | undefined {
  const group = ops[0]?.value;
  if (group !== "plugin" && group !== "plugins") return undefined;
  if (removes(ops, 1)) return `uninstalls or disables ${what}`;
  if (ops[1]?.value === "marketplace" && removes(ops, 2)) return `removes ${what} marketplace`;
  return undefined;
}

/** Cheap test by name: could this command change hooks at all? */
export function mayChangeHooks(name: string): boolean {
  return (
    Object.hasOwn(CLIS, name) ||
    name === "pre-commit" ||
    RUNNERS.has(name) ||
    INTERPRETERS.has(name) ||
    interpreterOf(name) !== undefined
  );
}

// pwsh: the .NET calls of a PowerShell line, which its reading hands over as `pwsh -Command <call>`.
const INTERPRETERS = new Set(["deno", "tsx", "ts-node", "pwsh", "powershell"]);

export function hookCliChange(name: string, inv: Invocation, mentions: (text: string) => boolean): string | undefined {
  const cli = Object.hasOwn(CLIS, name) ? CLIS[name] : undefined;
  if (cli) return cli(words(inv));
  if (name === "pre-commit") return preCommit(inv);
  if (RUNNERS.has(name)) {
    // `npx hookrail uninstall`, `npx @hookrail/cli uninstall`.
    const ops = words(inv);
    return /^(?:@hookrail\/cli|hookrail)(?:@.*)?$/.test(ops[0]?.value ?? "")
      ? CLIS.hookrail?.(ops.slice(1))
      : undefined;
  }
  if (INTERPRETERS.has(name) || interpreterOf(name)) return code(name, inv, mentions);
  return undefined;
}

/** Interpreter code that names a protected place and writes something; a script that is hookrail's CLI uninstalling. */
function code(name: string, inv: Invocation, mentions: (text: string) => boolean): string | undefined {
  const ops = words(inv);
  if (ops.some((a) => /hookrail/.test(a.text)) && ops.some((a) => a.value === "uninstall")) {
    return "uninstalls hookrail's hooks";
  }
  const stdin = inv.stdin.kind === "text" || inv.stdin.kind === "dynamic" ? inv.stdin.text : "";
  const text = `${inv.command}\n${stdin}`;
  return mentions(text) && WRITE_CODE.test(text) ? `runs ${name} code that writes a protected file` : undefined;
}
