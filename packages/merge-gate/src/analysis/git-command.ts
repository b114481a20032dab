// git: global options (`-C dir`, `-c k=v`, `--git-dir`), aliases (from `-c`, the config files and the line's
// own `git config`), and the subcommands that push, switch branches, change config or run commands.

import {
  type Arg,
  addUnprovable,
  type Invocation,
  is,
  isCommandSetting,
  joinArgs,
  literalArg,
  maySplit,
  runCode,
  runSetting,
  scanInterspersed,
  unknownPart,
  withArgs,
} from "@hookrail/shell/engine";
import { isLandingTool, type LandingTool } from "./analysed-names.ts";
import { configAt } from "./checkouts.ts";
import type { Ctx } from "./context.ts";
import { GIT_BUILTINS } from "./git-builtins.ts";
import { configKey, gitConfig, splitAlias } from "./git-config.ts";
import { envConfig } from "./git-env-config.ts";
import { cliConfig, configHidden, emptyGlobals, type GitGlobals, placeOf } from "./git-place.ts";
import { analyzePush, analyzeSendPack, destination, pushToBranch } from "./git-push.ts";
import { branch, checkout, newCheckout, rebase, symbolicRef } from "./git-state.ts";
import { configSetsHooksPath } from "./hook-bypass.ts";
import { landingAnalyzer } from "./landing-tools.ts";
import { distinct, type World } from "./repo-state.ts";

const GLOBAL_VALUE = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"];
// An alias that expands to another alias is followed this deep (git stops loops itself).
const MAX_ALIASES = 8;
// Expansions as an argument's text keeps them: what is left once they are taken out was written literally.
const EXPANSIONS = /\$\{[^}]*\}|\$\([^)]*\)|\$\w+|`[^`]*`/g;

export function analyzeGit(inv: Invocation, ctx: Ctx): void {
  const git = emptyGlobals();
  // Config in git's own environment comes first; `-c` and `--config-env` override it.
  const fromEnv = envConfig(inv.env);
  git.config = fromEnv.entries;
  git.hidden = fromEnv.hidden;
  let i = 1;
  for (; i < inv.args.length; i++) {
    const arg = inv.args[i] as Arg;
    // An option partly known at run time still shows its name: `--config-env=alias.x=$V`, `--git-dir=$D`.
    const v = arg.value ?? (arg.text.startsWith("-") ? arg.text : null);
    if (v === null || !v.startsWith("-")) break;
    const eq = v.indexOf("=");
    if (v.startsWith("--git-dir=")) git.gitDir = arg.value === null ? null : v.slice(eq + 1);
    if (v.startsWith("--config-env=")) configEnv(inv, ctx, git, arg, "--config-env=".length);
    // `-$x`: an option known only at run time may be any of git's, `-c`'s config among them.
    else if (arg.value === null && !/^--?[\w-]+(=|$)/.test(v)) git.hidden = true;
    if (!GLOBAL_VALUE.includes(v)) continue;
    const value = inv.args[++i];
    if (v === "-C") git.chdir.push(value?.value ?? null);
    if (v === "--config-env" && value) configEnv(inv, ctx, git, value, 0);
    else if (v === "--git-dir") git.gitDir = value?.value ?? null;
    if (v === "-c" && value) configOption(inv, ctx, git, value);
  }
  const sub = inv.args[i];
  const rest = inv.args.slice(i + 1);
  // `git -C $D push …`: unquoted, a value known only at run time may split into more words, a subcommand among them.
  if (inv.args.slice(1, i).some(maySplit)) {
    unknownPart(
      ctx,
      inv,
      'a word before its subcommand is known only at run time and, unquoted, may split into more words (quote it: "$X")',
    );
  }
  if (!sub) {
    if (inv.open) unknownPart(ctx, inv, "git gets its subcommand at run time");
  } else if (sub.value === null) unknownPart(ctx, inv, "the git subcommand is known only at run time");
  else expand(inv, ctx, git, sub, rest, 0);
}

/** `-c key=value` (a key known only at run time may be any key); `-c key` alone sets it to true. */
function configOption(inv: Invocation, ctx: Ctx, git: GitGlobals, value: Arg): void {
  const at = value.text.indexOf("=");
  const key = at > 0 ? value.text.slice(0, at) : value.text;
  if (value.value === null && !literalKey(key)) {
    // Any key: also one whose value git runs (`core.pager`, `core.sshCommand`).
    git.hidden = true;
    runSetting({ ...value, opaque: true }, inv, ctx);
    return;
  }
  if (at <= 0) return;
  const text = value.text.slice(at + 1);
  const opaque = value.value === null && text.replace(EXPANSIONS, "").trim() === "";
  const setting = { ...value, value: value.value?.slice(at + 1) ?? null, text, opaque };
  git.config.set(configKey(key), setting);
  if (isCommandSetting(key)) runSetting(setting, inv, ctx);
}

/** A config key with no expansion in it (the text keeps each expansion as written). */
function literalKey(key: string): boolean {
  return key !== "" && !/[$`]/.test(key);
}

/**
 * `--config-env <key>=<VAR>` (or `--config-env=…`): the key's value is the variable's, read when the command itself
 * sets it literally (`BOOM='push origin main' git --config-env=alias.boom=BOOM boom`), else known only at run time.
 */
function configEnv(inv: Invocation, ctx: Ctx, git: GitGlobals, spec: Arg, from: number): void {
  const text = spec.text.slice(from);
  const eq = text.lastIndexOf("=");
  // git splits at the last `=`: a key known only at run time may be any key, one whose value git runs among them.
  if (spec.value === null && (eq <= 0 || !literalKey(text.slice(0, eq)))) {
    git.hidden = true;
    runSetting({ ...spec, value: null, opaque: true }, inv, ctx);
    return;
  }
  if (eq <= 0) return;
  const key = text.slice(0, eq);
  const variable = spec.value === null ? null : text.slice(eq + 1);
  const value = variable === null ? null : (inv.env?.get(variable) ?? null);
  const setting = value === null ? { ...literalArg(""), value: null, opaque: true } : literalArg(value);
  git.config.set(configKey(key), setting);
  if (isCommandSetting(key)) runSetting(setting, inv, ctx);
}

/** Runs `git <sub> <rest>`, or the alias `sub` names, per group of worlds that agree on it. */
function expand(inv: Invocation, ctx: Ctx, git: GitGlobals, sub: Arg, rest: Arg[], hops: number): void {
  const name = sub.value ?? "";
  if (GIT_BUILTINS.has(name) || hops > MAX_ALIASES) {
    if (hops > MAX_ALIASES) unknownPart(ctx, inv, "its git aliases nest too deeply to follow");
    else subcommand(inv, ctx, sub, rest, git);
    return;
  }
  const key = `alias.${name.toLowerCase()}`;
  const groups = new Map<string, { alias: string | null | undefined; worlds: World[] }>();
  for (const w of ctx.flow.worlds) {
    const values = configAt(
      ctx.facts,
      w,
      placeOf(inv, ctx, git, w),
      cliConfig(git),
      configHidden(inv, git, w),
    ).effective(key);
    for (const alias of values === undefined ? [undefined] : values.length === 0 ? [""] : values) {
      const k = String(alias);
      const group = groups.get(k) ?? { alias, worlds: [] };
      group.worlds.push(w);
      groups.set(k, group);
    }
  }
  const after: World[] = [];
  for (const { alias, worlds } of groups.values()) {
    ctx.flow.worlds = distinct(worlds);
    if (alias === undefined)
      addUnprovable(ctx, inv, `\`git ${name}\` may be a git alias whose definition is not known`);
    else if (alias === null) addUnprovable(ctx, inv, `\`git ${name}\` is a git alias set at run time`);
    else if (alias.startsWith("!")) {
      // A shell alias runs its text with the arguments appended.
      runCode(joinArgs([literalArg(alias.slice(1)), ...rest]), inv, ctx);
    } else if (alias !== "") {
      const [first, ...words] = splitAlias(alias).map(literalArg);
      if (first) expand(inv, ctx, git, first, [...words, ...rest], hops + 1);
    } else if (isLandingTool(`git-${name}`)) {
      // Not an alias: git runs git-<name> from PATH (`git town ship` is `git-town ship`).
      landingAnalyzer(`git-${name}` as LandingTool)(withArgs(inv, [literalArg(`git-${name}`), ...rest]), ctx);
    }
    // Any other git-<name> on PATH is a program the gate does not read.
    after.push(...ctx.flow.worlds);
  }
  ctx.flow.worlds = distinct(after);
}

function subcommand(inv: Invocation, ctx: Ctx, sub: Arg, rest: Arg[], git: GitGlobals): void {
  const at = rest.findIndex((a) => !a.value?.startsWith("-"));
  const action = rest[at];
  if (is(sub, "push")) analyzePush(inv, ctx, rest, git);
  else if (is(sub, "send-pack") || is(sub, "http-push")) analyzeSendPack(inv, ctx, rest, git, `git ${sub.value}`);
  else if (is(sub, "checkout") || is(sub, "switch")) checkout(inv, ctx, git, rest, is(sub, "switch"));
  else if (is(sub, "branch")) branch(inv, ctx, git, rest);
  else if (is(sub, "symbolic-ref")) symbolicRef(inv, ctx, git, rest);
  else if (is(sub, "config")) {
    configSetsHooksPath(inv, ctx, rest);
    gitConfig(inv, ctx, git, rest);
    configCommand(inv, ctx, rest);
  } else if (is(sub, "filter-branch")) {
    rest.forEach((a, j) => {
      const code = rest[j + 1];
      if (/^--[a-z-]+-filter$/.test(a.value ?? "") && code) runCode(code, inv, ctx);
    });
  } else if (is(sub, "worktree") || is(sub, "clone") || is(sub, "init")) {
    newCheckout(inv, ctx, git, sub.value as "worktree" | "clone" | "init", rest);
  } else if (is(sub, "subtree")) subtreePush(inv, ctx, rest, git);
  else if (is(sub, "rebase")) {
    const s = scanInterspersed(rest, { short: "xsXC", long: ["--exec", "--onto", "--strategy", "--strategy-option"] });
    for (const o of s.options) if ((o.name === "-x" || o.name === "--exec") && o.value) runCode(o.value, inv, ctx);
    rebase(inv, ctx, git, rest);
  } else if (is(sub, "submodule") && is(action, "foreach")) {
    let j = at + 1;
    while (rest[j]?.value?.startsWith("-")) j++;
    if (j < rest.length) runCode(joinArgs(rest.slice(j)), inv, ctx);
  } else if (is(sub, "bisect") && is(action, "run") && at + 1 < rest.length) {
    ctx.analyzeInvocation(withArgs(inv, rest.slice(at + 1)), ctx);
  }
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
  const [action, , branchArg] = s.operands;
  if (!is(action, "push")) return;
  if (!branchArg || branchArg.value === null)
    unknownPart(ctx, inv, "git subtree push names its branch only at run time");
  else pushToBranch(inv, ctx, destination(branchArg.value), git, "git subtree push");
}
