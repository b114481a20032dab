// git: global options (`-C dir`, `-c k=v`, `--git-dir`), `-c alias.*`, and the subcommands that push, switch
// branches or run commands.

import { isCommandSetting, runSetting } from "./command-settings.ts";
import { type Ctx, type Invocation, unknownPart, withArgs } from "./context.ts";
import { switchBranch } from "./current-branch.ts";
import { analyzePush, destination, type GitGlobals, pushToBranch } from "./git-push.ts";
import { runCode } from "./run-code.ts";
import { scanInterspersed } from "./scan-options.ts";
import { type Arg, is, joinArgs, literalArg } from "./shell-words.ts";

const GLOBAL_VALUE = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"];

export function analyzeGit(inv: Invocation, ctx: Ctx): void {
  const git: GitGlobals = { config: new Map(), otherRepo: false };
  let i = 1;
  for (; i < inv.args.length; i++) {
    const v = inv.args[i]?.value;
    if (v === null || v === undefined || !v.startsWith("-")) break;
    git.otherRepo ||= /^(-C|--git-dir|--work-tree)(=|$)/.test(v);
    if (!GLOBAL_VALUE.includes(v)) continue;
    const value = inv.args[++i];
    const eq = value?.text.indexOf("=") ?? -1;
    if (v === "-c" && value && eq > 0) {
      const setting = { ...value, value: value.value?.slice(eq + 1) ?? null, text: value.text.slice(eq + 1) };
      git.config.set(value.text.slice(0, eq).toLowerCase(), setting);
      if (isCommandSetting(value.text.slice(0, eq))) runSetting(setting, inv, ctx);
    }
  }
  const sub = inv.args[i];
  const rest = inv.args.slice(i + 1);
  const alias = sub?.value ? git.config.get(`alias.${sub.value.toLowerCase()}`) : undefined;
  if (!sub) {
    if (inv.open) unknownPart(ctx, inv, "git gets its subcommand at run time");
  } else if (sub.value === null) unknownPart(ctx, inv, "the git subcommand is known only at run time");
  else if (alias?.text.startsWith("!")) {
    // A shell alias runs its text with the arguments appended.
    const code = { ...alias, value: alias.value?.slice(1) ?? null, text: alias.text.slice(1) };
    runCode(joinArgs([code, ...rest]), inv, ctx);
  } else if (alias) {
    if (alias.value === null) unknownPart(ctx, inv, "a git alias on the command line is known only at run time");
    const words = (alias.value ?? "").split(/\s+/).filter(Boolean).map(literalArg);
    subcommand(inv, ctx, words[0], [...words.slice(1), ...rest], git);
  } else subcommand(inv, ctx, sub, rest, git);
}

function subcommand(inv: Invocation, ctx: Ctx, sub: Arg | undefined, rest: Arg[], git: GitGlobals): void {
  const at = rest.findIndex((a) => !a.value?.startsWith("-"));
  const action = rest[at];
  if (is(sub, "push")) analyzePush(inv, ctx, rest, git);
  else if (is(sub, "checkout") || is(sub, "switch")) checkout(ctx, rest);
  else if (is(sub, "subtree")) subtreePush(inv, ctx, rest, git);
  else if (is(sub, "config")) configCommand(inv, ctx, rest);
  else if (is(sub, "filter-branch")) {
    rest.forEach((a, j) => {
      const code = rest[j + 1];
      if (/^--[a-z-]+-filter$/.test(a.value ?? "") && code) runCode(code, inv, ctx);
    });
  } else if (is(sub, "rebase")) {
    const s = scanInterspersed(rest, { short: "xsXC", long: ["--exec", "--onto", "--strategy", "--strategy-option"] });
    for (const o of s.options) if ((o.name === "-x" || o.name === "--exec") && o.value) runCode(o.value, inv, ctx);
  } else if (is(sub, "submodule") && is(action, "foreach")) {
    let j = at + 1;
    while (rest[j]?.value?.startsWith("-")) j++;
    if (j < rest.length) runCode(joinArgs(rest.slice(j)), inv, ctx);
  } else if (is(sub, "bisect") && is(action, "run") && at + 1 < rest.length) {
    ctx.analyzeInvocation(withArgs(inv, rest.slice(at + 1)), ctx);
  }
}

/** `git checkout main`, `git switch -c x`, `git checkout -b x origin/main`: the branch that becomes current. */
function checkout(ctx: Ctx, rest: Arg[]): void {
  // With `--`, checkout restores paths and stays on its branch.
  if (rest.some((a) => a.value === "--")) return;
  const s = scanInterspersed(rest, { short: "bBcCU", long: ["--orphan", "--conflict", "--pathspec-from-file"] });
  const created = s.options.findLast((o) => ["-b", "-B", "-c", "-C", "--orphan"].includes(o.name))?.value;
  const target = created ?? s.operands[0];
  // `git checkout -` goes back to the previous branch, which is not known.
  if (target) switchBranch(ctx, target.value === "-" ? null : target.value);
}

/** `git config [set] [--global] core.editor 'cmd'`: a command-valued setting is analysed as the code it is. */
function configCommand(inv: Invocation, ctx: Ctx, rest: Arg[]): void {
  const words = rest.filter((a) => !a.value?.startsWith("-"));
  const [key, value] = is(words[0], "set") ? words.slice(1) : words;
  if (key?.value && value && isCommandSetting(key.value)) runSetting(value, inv, ctx);
}

/** `git subtree push --prefix=dir origin main` pushes to main. */
function subtreePush(inv: Invocation, ctx: Ctx, rest: Arg[], git: GitGlobals): void {
  const s = scanInterspersed(rest, { short: "Pm", long: ["--prefix", "--message", "--branch", "--onto"] });
  const [action, , branch] = s.operands;
  if (!is(action, "push")) return;
  if (!branch || branch.value === null) unknownPart(ctx, inv, "git subtree push names its branch only at run time");
  else pushToBranch(inv, ctx, destination(branch.value), git, "git subtree push");
}
