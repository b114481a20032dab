// Package and environment runners that run a command of theirs: npx / npm exec, pnpm exec / dlx / <program>,
// yarn exec / dlx / run / <program>, bunx / bun x / bun run / bun exec, corepack, nix develop / nix shell -c,
// nix-shell --run. Shell code (`-c`, `--run`, shell mode) is analysed like `sh -c`; a command given as words like a
// wrapper's command, a package with a version as its program (package-managers.ts).
import { type Ctx, type Invocation, withArgs } from "./context.ts";
import { packagePrograms, subcommandAt, subcommandKind, subcommandsOf } from "./package-managers.ts";
import { runCode } from "./run-code.ts";
import { optionValue, scanOptions } from "./scan-options.ts";
import { type Arg, is, joinArgs, literalArg } from "./shell-words.ts";

const NPM_EXEC = { short: "cpw", long: ["--call", "--package", "--workspace", "--node-options", "--prefix"] };

/** `npx [opts] pkg[@version] args`, `npx -c 'code'`; `npm exec` / `npm x` take the same words. */
export function npx(inv: Invocation, ctx: Ctx, from = 1): void {
  const s = scanOptions(inv.args, from, NPM_EXEC);
  const code = optionValue(s, "-c", "--call");
  if (code) runCode(code, inv, ctx);
  else program(inv, ctx, inv.args.slice(s.rest));
}

/** `npm [opts] exec|x …`. */
export function npm(inv: Invocation, ctx: Ctx): void {
  for (const at of subcommands("npm", inv))
    if (subcommandKind("npm", inv.args[at]?.value ?? null) === "runs") npx(inv, ctx, at + 1);
}

/**
 * `pnpm exec cmd` / `pnpm dlx pkg` (`-c`, `--shell-mode`: the words are shell code); `pnpx`; `pnpm <word>` that is
 * not a pnpm command: a script of the project, else that program.
 */
export function pnpm(inv: Invocation, ctx: Ctx): void {
  for (const at of subcommands("pnpm", inv)) {
    const sub = inv.args[at];
    if (!is(sub, "exec") && !is(sub, "dlx")) {
      if (subcommandKind("pnpm", sub?.value ?? null) === "script-or-program") program(inv, ctx, inv.args.slice(at));
      continue;
    }
    const s = scanOptions(inv.args, at + 1, { short: "p", long: ["--package", "--filter", "--dir", "--workspace"] });
    const shell = s.options.some((o) => o.name === "-c" || o.name === "--shell-mode");
    const rest = inv.args.slice(s.rest);
    if (shell && rest.length > 0) runCode(joinArgs(rest), inv, ctx);
    else program(inv, ctx, rest);
  }
}

/**
 * `yarn exec cmd` runs the words through yarn's shell; `yarn dlx pkg args`; `yarn run <script or program>`,
 * `yarn node …`, `yarn workspace <name> <yarn command>`, `yarn workspaces foreach [opts] <yarn command>`, and
 * `yarn <word>` that is not a yarn command: a script of the project, else that program.
 */
export function yarn(inv: Invocation, ctx: Ctx, from = 1): void {
  for (const at of subcommands("yarn", inv, from)) {
    const sub = inv.args[at];
    if (is(sub, "workspace")) {
      if (at + 2 < inv.args.length) yarn(inv, ctx, at + 2);
      continue;
    }
    if (is(sub, "workspaces") && is(inv.args[at + 1], "foreach")) {
      const s = scanOptions(inv.args, at + 2, { short: "j", long: ["--include", "--exclude", "--from", "--jobs"] });
      if (s.rest < inv.args.length) yarn(inv, ctx, s.rest);
      continue;
    }
    const s = scanOptions(inv.args, at + 1, { short: "p", long: ["--package"] });
    const rest = inv.args.slice(s.rest);
    if (is(sub, "exec") && rest.length > 0) runCode(joinArgs(rest), inv, ctx);
    else if (is(sub, "dlx") || is(sub, "run")) program(inv, ctx, rest);
    else if (is(sub, "node"))
      ctx.analyzeInvocation(withArgs(inv, [literalArg("node"), ...inv.args.slice(at + 1)]), ctx);
    else if (subcommandKind("yarn", sub?.value ?? null) === "script-or-program") program(inv, ctx, inv.args.slice(at));
  }
}

/** `bunx [--bun] pkg[@version] args`. */
export function bunx(inv: Invocation, ctx: Ctx, from = 1): void {
  const s = scanOptions(inv.args, from, { short: "p", long: ["--package"] });
  program(inv, ctx, inv.args.slice(s.rest));
}

/**
 * `bun x pkg args`, `bun run <script, file or program>`, `bun exec 'code'` (bun's shell), and `bun <word>` that is
 * none of bun's commands: a script, a file or a program, bun's own options before any of them (`bun --bun x …`);
 * false when bun runs code it is given (`bun -e`, `bun -p`) or nothing of these.
 */
export function bunSubcommand(inv: Invocation, ctx: Ctx): boolean {
  const values = inv.args.map((a) => a.value);
  const first = subcommandAt(values)[0] ?? values.length;
  if (values.slice(1, first).some((v) => v !== null && /^(?:-e|-p|--eval|--print)(?:=|$)/.test(v))) return false;
  let ran = false;
  for (const at of subcommandsOf("bun", values)) {
    const sub = inv.args[at];
    if (is(sub, "x")) bunx(inv, ctx, at + 1);
    else if (is(sub, "exec") && inv.args.length > at + 1) runCode(joinArgs(inv.args.slice(at + 1)), inv, ctx);
    else if (is(sub, "run")) program(inv, ctx, inv.args.slice(scanOptions(inv.args, at + 1, {}).rest));
    else if (sub?.value && sub.value !== "-" && subcommandKind("bun", sub.value) === "script-or-program")
      program(inv, ctx, inv.args.slice(at));
    else continue;
    ran = true;
  }
  return ran;
}

/** `corepack [opts] <npm|pnpm|yarn>[@version] args`: that package manager, at that version. */
export function corepack(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, {});
  const manager = inv.args[s.rest];
  const name = manager?.value ? packagePrograms(manager.value)[0] : undefined;
  if (name && /^(?:npm|npx|pnpm|pnpx|yarn|yarnpkg)$/.test(name)) {
    ctx.analyzeInvocation(withArgs(inv, [literalArg(name), ...inv.args.slice(s.rest + 1)]), ctx);
  }
}

/** `nix develop … -c cmd args`, `nix shell … --command cmd args`. */
export function nix(inv: Invocation, ctx: Ctx): void {
  const at = inv.args.findIndex((a, i) => i > 0 && (a.value === "-c" || a.value === "--command"));
  if (at > 0) words(inv, ctx, inv.args.slice(at + 1));
}

/** `nix-shell -p pkgs --run 'code'` (also `--command`). */
export function nixShell(inv: Invocation, ctx: Ctx): void {
  inv.args.forEach((a, i) => {
    const code = inv.args[i + 1];
    if ((a.value === "--run" || a.value === "--command") && code) runCode(code, inv, ctx);
  });
}

function words(inv: Invocation, ctx: Ctx, args: Arg[]): void {
  const start = args[0]?.value === "--" ? args.slice(1) : args;
  if (start.length > 0) ctx.analyzeInvocation(withArgs(inv, start), ctx);
}

/** The words a runner runs, its first one a package (`npm@10`, `@scope/pkg@1.2.3`) or a program's name. */
function program(inv: Invocation, ctx: Ctx, args: Arg[]): void {
  const start = args[0]?.value === "--" ? args.slice(1) : args;
  const [first, ...rest] = start;
  if (!first?.value) {
    words(inv, ctx, start);
    return;
  }
  for (const name of packagePrograms(first.value)) {
    ctx.analyzeInvocation(withArgs(inv, [name === first.value ? first : literalArg(name), ...rest]), ctx);
  }
}

const subcommands = (name: string, inv: Invocation, from = 1) =>
  subcommandsOf(
    name,
    inv.args.map((a) => a.value),
    from,
  );
