// Other commands that run a command line of theirs: find -exec, parallel, watch, ssh, su, script, flock, and the
// package, container, terminal, PowerShell and Windows (cmd, wsl) runners of their own files.

import { container } from "./container-runners.ts";
import { type Ctx, type Invocation, withArgs } from "./context.ts";
import { isRunnerName, type RunnerName } from "./followed.ts";
import { bunx, corepack, nix, nixShell, npm, npx, pnpm, yarn } from "./package-runners.ts";
import { analyzePowershell } from "./powershell.ts";
import { devcontainer, gcloud, instanceExec, kubectl, lima, limactl, vagrant } from "./remote-runners.ts";
import { childVars, runCode, runStdin } from "./run-code.ts";
import { hasOption, optionValue, type Scan, scanInterspersed, scanOptions } from "./scan-options.ts";
import { type Arg, joinArgs, literalArg } from "./shell-words.ts";
import { at, screen, tmux, trap } from "./terminal-runners.ts";
import { analyzeCmd, analyzeWsl } from "./windows-runners.ts";

/** `find . -exec cmd {} \;` runs cmd as words (not through a shell), once per file. */
function find(inv: Invocation, ctx: Ctx): void {
  for (let i = 1; i < inv.args.length; i++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(inv.args[i]?.value ?? "")) continue;
    const end = inv.args.findIndex((a, j) => j > i && (a.value === ";" || a.value === "+"));
    const words = inv.args.slice(i + 1, end < 0 ? undefined : end);
    const filled = words.map((a) => (a.text.includes("{}") ? { ...a, value: null } : a));
    if (filled.length > 0) ctx.analyzeInvocation(withArgs(inv, filled, { stdin: { kind: "none" } }), ctx);
    if (end < 0) return;
    i = end;
  }
}

/**
 * GNU parallel runs its command line through a shell, with each input appended or put in `{}` (quoted, as parallel
 * quotes it). Inputs the line gives after one `:::` make each command line known; others are only partly known.
 */
function parallel(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, {
    short: "jaIdELlnNPSC",
    long: [
      ..."--jobs --arg-file --delimiter --colsep --sshlogin --max-args --timeout --joblog --env --workdir".split(" "),
      ..."--results --delay --retries --tagstring --basefile --tmpdir --load --memfree --halt --arg-sep".split(" "),
    ],
  });
  const end = inv.args.findIndex((a, j) => j >= s.rest && /^:::[:+]*$/.test(a.value ?? ""));
  const template = inv.args.slice(s.rest, end < 0 ? undefined : end);
  const inputs = end < 0 ? undefined : inv.args.slice(end + 1);
  const lines = inputs && !optionValue(s, "-a", "--arg-file") ? parallelLines(template, inputs, s) : undefined;
  // parallel's shell is given no arguments: $1… are empty there.
  if (lines) for (const line of lines) runCode(literalArg(line), inv, ctx, childVars(inv, [literalArg("sh")]));
  // Each input is put in the placeholders, or else appended: the command line is only partly known.
  else if (template.length > 0) runCode({ ...joinArgs(template), value: null, opaque: false }, inv, ctx);
  // No command: each input is a command line of its own (`parallel ::: 'make a' 'make b'`).
  else if (inputs) for (const line of inputLines(inputs)) runCode(line, inv, ctx, childVars(inv, [literalArg("sh")]));
  else if (!optionValue(s, "-a", "--arg-file")) runStdin(inv, ctx);
}

/** The command lines parallel runs when it is given inputs and no command; partly known when they are combined. */
function inputLines(inputs: readonly Arg[]): Arg[] {
  // More input sources (`::: a ::: b`, `::::` files) are combined into lines the gate does not build.
  if (inputs.some((a) => a.value === null || /^:::/.test(a.value))) {
    const words = inputs.filter((a) => !/^:::[:+]*$/.test(a.value ?? ""));
    return [{ ...joinArgs(words), value: null, opaque: words.every((a) => a.opaque) }];
  }
  return [...inputs];
}

/** Each command line parallel runs for literal inputs after one `:::`; undefined when they cannot all be told. */
function parallelLines(template: readonly Arg[], inputs: readonly Arg[], s: Scan): string[] | undefined {
  const words = template.map((a) => a.value);
  // Other replacement strings (`{.}`, `{/}`, `{1}`, `{= … =}`), more input sources, or words known at run time.
  if (words.length === 0 || words.some((w) => w === null || /\{(?!\})/.test(w))) return undefined;
  if (inputs.length === 0 || inputs.some((a) => a.value === null || /^:::/.test(a.value))) return undefined;
  // -q: each word of the command is quoted as it is, the input put in raw; else the input is quoted.
  const quoted = hasOption(s, "-q", "--quote");
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const placeholder = words.some((w) => w?.includes("{}"));
  return inputs.map(({ value: input }) => {
    const put = (w: string) =>
      quoted ? quote(w.replaceAll("{}", input as string)) : w.replaceAll("{}", quote(input as string));
    const line = (words as string[]).map(put).join(" ");
    return placeholder ? line : `${line} ${quote(input as string)}`;
  });
}

/** `watch -n 5 'cmd'` runs cmd through `sh -c`; `watch -x cmd args` runs the words. */
function watch(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, { short: "nq", long: ["--interval", "--equexit"] });
  const words = inv.args.slice(s.rest);
  if (words.length === 0) return;
  if (s.options.some((o) => o.name === "-x" || o.name === "--exec")) ctx.analyzeInvocation(withArgs(inv, words), ctx);
  else runCode(joinArgs(words), inv, ctx);
}

/** `ssh host cmd…`: the remote shell runs the words joined by spaces (or what stdin feeds it). */
function ssh(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, { short: "bcDEeFIiJLlmOoPpQRSWwB" });
  const words = inv.args.slice(s.rest + 1);
  if (s.rest >= inv.args.length) return;
  if (words.length > 0) runCode(joinArgs(words), inv, ctx);
  else runStdin(inv, ctx);
}

/** su, runuser, script, sg: `-c 'cmd'` runs cmd through a shell. */
function commandOption(inv: Invocation, ctx: Ctx): void {
  const s = scanInterspersed(inv.args.slice(1), { short: "cgsGEIOBTm", long: ["--command", "--group", "--shell"] });
  const code = optionValue(s, "-c", "--command");
  if (code) runCode(code, inv, ctx);
}

/**
 * `runuser -u user [--] cmd args` runs the words as that user; `runuser [-] user -c 'code'`, like su, runs code
 * through the user's shell.
 */
function runuser(inv: Invocation, ctx: Ctx): void {
  const spec = {
    short: "cgGsuw",
    long: ["--command", "--group", "--supp-group", "--shell", "--user", "--whitelist-environment"],
  };
  const s = scanOptions(inv.args, 1, spec);
  if (optionValue(s, "-c", "--command") === undefined && optionValue(s, "-u", "--user") !== undefined) {
    if (s.rest < inv.args.length) ctx.analyzeInvocation(withArgs(inv, inv.args.slice(s.rest)), ctx);
    return;
  }
  commandOption(inv, ctx);
}

/**
 * `script -c 'cmd' [file]` (util-linux) runs cmd through a shell; `script [-aeFkqrt…] file cmd args` (BSD, macOS) runs
 * the words after the file.
 */
function script(inv: Invocation, ctx: Ctx): void {
  // util-linux reads options anywhere (`script /dev/null -qc cmd`); BSD's stop at the file.
  const spec = { short: "cFtTIOBEm", long: ["--command", "--timing", "--log-io", "--log-in", "--log-out", "--echo"] };
  const code = optionValue(scanInterspersed(inv.args.slice(1), spec), "-c", "--command");
  if (code) {
    runCode(code, inv, ctx);
    return;
  }
  const s = scanOptions(inv.args, 1, spec);
  if (s.rest + 1 < inv.args.length) ctx.analyzeInvocation(withArgs(inv, inv.args.slice(s.rest + 1)), ctx);
}

// hyperfine's options that take a value; those that run their value as shell code; `-P` takes three, `-L` two.
const HYPERFINE_VALUE =
  "-w -m -M -r -S -u -n -D --warmup --min-runs --max-runs --runs --shell --time-unit --command-name --parameter-step-size --export-asciidoc --export-csv --export-json --export-markdown --export-orgmode --style --sort --output --input".split(
    " ",
  );
const HYPERFINE_CODE = ["-s", "-p", "-c", "--setup", "--prepare", "--conclude", "--cleanup", "--reference"];

/** `hyperfine [opts] 'cmd'…`: each command, and its setup, prepare, cleanup and reference, run through a shell. */
function hyperfine(inv: Invocation, ctx: Ctx): void {
  for (let i = 1; i < inv.args.length; i++) {
    const a = inv.args[i] as Arg;
    const v = a.value;
    const eq = v?.startsWith("--") ? v.indexOf("=") : -1;
    const name = v === null ? null : eq > 0 ? v.slice(0, eq) : v;
    if (name !== null && HYPERFINE_CODE.includes(name)) {
      const code = eq > 0 ? literalArg((v as string).slice(eq + 1)) : inv.args[++i];
      if (code) runCode(code, inv, ctx);
    } else if (name === "-P" || name === "--parameter-scan") i += 3;
    else if (name === "-L" || name === "--parameter-list") i += 2;
    else if (name !== null && HYPERFINE_VALUE.includes(name) && eq < 0) i++;
    else if (v === null || !v.startsWith("-")) runCode(a, inv, ctx);
  }
}

/** `entr [-acdnprz] utility args` runs the words when files change; with `-s` the utility is shell code. */
function entr(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, {});
  const words = inv.args.slice(s.rest);
  if (words.length === 0) return;
  if (s.options.some((o) => o.name === "-s" || /^-[a-z]*s/.test(o.name))) runCode(words[0] as Arg, inv, ctx);
  else ctx.analyzeInvocation(withArgs(inv, words), ctx);
}

/** `flock lockfile -c 'code'` runs code through a shell; `flock lockfile cmd args` runs the words. */
function flock(inv: Invocation, ctx: Ctx): void {
  const s = scanOptions(inv.args, 1, { short: "wEc", long: ["--timeout", "--conflict-exit-code", "--command"] });
  const code = optionValue(s, "-c", "--command");
  if (code) runCode(code, inv, ctx);
  else if (s.rest + 1 < inv.args.length) {
    const after = scanOptions(inv.args, s.rest + 1, { short: "wEc", long: ["--timeout", "--command"] });
    const later = optionValue(after, "-c", "--command");
    if (later) runCode(later, inv, ctx);
    else if (after.rest < inv.args.length) ctx.analyzeInvocation(withArgs(inv, inv.args.slice(after.rest)), ctx);
  }
}

const RUNNERS: Readonly<Record<RunnerName, (inv: Invocation, ctx: Ctx) => void>> = {
  find,
  parallel,
  watch,
  ssh,
  su: commandOption,
  runuser,
  script,
  hyperfine,
  entr,
  sg: commandOption,
  flock,
  npx,
  npm,
  pnpm,
  pnpx: (inv, ctx) => npx(inv, ctx),
  yarn: (inv, ctx) => yarn(inv, ctx),
  yarnpkg: (inv, ctx) => yarn(inv, ctx),
  bunx: (inv, ctx) => bunx(inv, ctx),
  corepack,
  nix,
  "nix-shell": nixShell,
  docker: container,
  podman: container,
  nerdctl: container,
  kubectl,
  oc: kubectl,
  lxc: instanceExec,
  incus: instanceExec,
  multipass: instanceExec,
  vagrant,
  gcloud,
  limactl,
  lima,
  devcontainer,
  pwsh: analyzePowershell,
  powershell: analyzePowershell,
  cmd: analyzeCmd,
  wsl: analyzeWsl,
  tmux,
  screen,
  at,
  batch: at,
  trap,
};

/** Runs the analyser for `name` if it is one of these runners; false when it is not. */
export function analyzeRunner(name: string, inv: Invocation, ctx: Ctx): boolean {
  if (!isRunnerName(name)) return false;
  RUNNERS[name](inv, ctx);
  return true;
}
