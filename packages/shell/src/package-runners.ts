// Package and environment runners that run a command of theirs: npx / npm exec, pnpm exec / dlx, yarn exec / dlx,
// bunx / bun x / bun exec, nix develop / nix shell -c, nix-shell --run. Shell code (`-c`, `--run`, shell mode) is
// analysed like `sh -c`; a command given as words like a wrapper's command.
import { type Ctx, type Invocation, withArgs } from "./context.ts";
import { runCode } from "./run-code.ts";
import { optionValue, scanOptions } from "./scan-options.ts";
import { type Arg, is, joinArgs } from "./shell-words.ts";

const NPM_EXEC = { short: "cpw", long: ["--call", "--package", "--workspace", "--node-options", "--prefix"] };

/** `npx [opts] cmd args`, `npx -c 'code'`; `npm exec` / `npm x` take the same words. */
export function npx(inv: Invocation, ctx: Ctx, from = 1): void {
  const s = scanOptions(inv.args, from, NPM_EXEC);
  const code = optionValue(s, "-c", "--call");
  if (code) runCode(code, inv, ctx);
  else words(inv, ctx, inv.args.slice(s.rest));
}

export function npm(inv: Invocation, ctx: Ctx): void {
  const at = inv.args.findIndex((a, i) => i > 0 && !a.value?.startsWith("-"));
  if (is(inv.args[at], "exec") || is(inv.args[at], "x")) npx(inv, ctx, at + 1);
}

/** `pnpm exec cmd` / `pnpm dlx pkg` (`-c`, `--shell-mode`: the words are shell code); `pnpx`. */
export function pnpm(inv: Invocation, ctx: Ctx): void {
  const at = inv.args.findIndex((a, i) => i > 0 && !a.value?.startsWith("-"));
  const sub = inv.args[at];
  if (!is(sub, "exec") && !is(sub, "dlx")) return;
  const s = scanOptions(inv.args, at + 1, { short: "p", long: ["--package", "--filter", "--dir", "--workspace"] });
  const shell = s.options.some((o) => o.name === "-c" || o.name === "--shell-mode");
  const rest = inv.args.slice(s.rest);
  if (shell && rest.length > 0) runCode(joinArgs(rest), inv, ctx);
  else words(inv, ctx, rest);
}

/** `yarn exec cmd` runs the words through yarn's shell; `yarn dlx pkg args`. */
export function yarn(inv: Invocation, ctx: Ctx): void {
  const at = inv.args.findIndex((a, i) => i > 0 && !a.value?.startsWith("-"));
  const sub = inv.args[at];
  const s = scanOptions(inv.args, at + 1, { short: "p", long: ["--package"] });
  const rest = inv.args.slice(s.rest);
  if (is(sub, "exec") && rest.length > 0) runCode(joinArgs(rest), inv, ctx);
  else if (is(sub, "dlx")) words(inv, ctx, rest);
}

/** `bunx pkg args`. */
export function bunx(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, { short: "p", long: ["--package"] });
  words(inv, ctx, inv.args.slice(s.rest));
}

/** `bun x pkg args` and `bun exec 'code'` (bun's shell); false for everything else bun does. */
export function bunSubcommand(inv: Invocation, ctx: Ctx): boolean {
  const sub = inv.args[1];
  if (is(sub, "x")) words(inv, ctx, inv.args.slice(2));
  else if (is(sub, "exec") && inv.args.length > 2) runCode(joinArgs(inv.args.slice(2)), inv, ctx);
  else return false;
  return true;
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
