#!/usr/bin/env node
// Times a guardrail's shipped bundles against the bare Node floor (a script that only reads stdin and
// parses JSON), or against the command a case names as its floor, interleaved in one run so both see the same
// machine load. A case may also name work the hook cannot avoid (`over`: worktree-check's one `git status` in the
// same repository): that is timed too, and the ratio is then of what the hook costs beyond it to the floor. It prints the ratio of
// the median wall times and, steadier on a loaded machine, the ratio of the children's CPU time (user + system,
// summed over the runs: Linux counts it in clock ticks, too coarse for one run).
//   node scripts/bench.mjs <guardrail> [--runs N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchCase, benchCases, bundleFile } from "./bench-cases.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith("--"));
const runs = Number(args[args.indexOf("--runs") + 1]) || 30;
const found = name ? benchCase(root, name) : undefined;
if (!found) {
  console.error(`usage: node scripts/bench.mjs <guardrail|${Object.keys(benchCases).join("|")}> [--runs N]`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), "hookrail-bench-"));
const floor = join(work, "floor.cjs");
writeFileSync(floor, 'let d="";process.stdin.on("data",(c)=>{d+=c}).on("end",()=>{JSON.parse(d)});\n');

/** CPU time (ms) of this process's children that have ended: cutime + cstime of /proc/self/stat; 0 elsewhere. */
const TICK_MS = 10; // USER_HZ is 100 on Linux
const childCpu = () => {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return 0;
  }
};
const time = (command, input, env, cwd = undefined) => {
  const cpuBefore = childCpu();
  const start = process.hrtime.bigint();
  const result = spawnSync(command[0], command.slice(1), { input, env, cwd, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && result.status !== 2)
    throw new Error(`${command.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, cpu: childCpu() - cpuBefore };
};
// Variables that slow every Node start (NODE_EXTRA_CA_CERTS alone adds ~28 ms here, by parsing a CA
// bundle) would hide a hook's own cost in the ratio, so both sides run without them.
const cleanEnv = () => {
  const env = { ...process.env };
  for (const name of ["NODE_EXTRA_CA_CERTS", "NODE_OPTIONS"]) delete env[name];
  return env;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const {
  target,
  clis,
  setup,
  guardrail = name,
  untimed = "runs once per session",
  copilotEvent = "preToolUse",
  antigravityEvent = "PreToolUse",
} = found;
const ctx = setup(work);
const floorName = ctx.floor?.name ?? "floor";
if (ctx.over) console.log(`  (ratio: the hook's time beyond ${ctx.over.name}, over the floor)`);
console.log(
  `${name}: ${runs} runs per side, interleaved, median wall time and total child CPU time (Node ${process.version})`,
);
let worst = 0;
let worstCpu = 0;
try {
  for (const cli of clis) {
    // A case may time another file than the CLI's bundle (a project install's hook file).
    const bundle = found.hookFile ? found.hookFile(cli, work) : bundleFile(root, guardrail, cli);
    // Copilot's and Antigravity CLI's hook files name the event as the command's argument; the others pass none.
    const eventArg = { copilot: [copilotEvent], antigravity: [antigravityEvent] }[cli] ?? [];
    const alone = [process.execPath, bundle, ...eventArg];
    // A case may time guardrails installed together: the CLI starts one process per guardrail on the same call,
    // all at once, and waits for the last (each reads the payload from the same file here).
    const together = [bundle, ...(found.alongside ?? []).map((g) => bundleFile(root, g, cli))];
    const payloadFile = join(work, "payload.json");
    const hookCommand =
      together.length === 1
        ? alone
        : [
            "sh",
            "-c",
            'f=$1; shift; for b; do "$0" "$b" < "$f" & done; wait',
            process.execPath,
            payloadFile,
            ...together,
          ];
    // A case's floor may be the same hook in other conditions (a function of the hook's command).
    const named = ctx.floor?.command;
    const floorCommand = typeof named === "function" ? named(hookCommand, cli) : (named ?? [process.execPath, floor]);
    const input = JSON.stringify(ctx.payload(cli));
    writeFileSync(payloadFile, input);
    // A floor may also have a payload of its own (the same hook on another command line).
    const floorInput = ctx.floor?.payload ? JSON.stringify(ctx.floor.payload(cli)) : input;
    const env = { ...cleanEnv(), ...ctx.env };
    time(hookCommand, input, env); // warm the file cache
    if (found.sameAnswer) {
      // A case that times the same answer two ways: both must give it, or the ratio means nothing.
      const answer = (command) => spawnSync(command[0], command.slice(1), { input, env, encoding: "utf8" });
      const [a, b] = [answer(hookCommand), answer(floorCommand)];
      if (a.status !== b.status || a.stdout !== b.stdout)
        throw new Error(
          `${cli}: the hook answered ${a.status} ${a.stdout}${a.stderr}, its floor ${b.status} ${b.stdout}`,
        );
    }
    const base = [];
    const hook = [];
    const over = [];
    for (let i = 0; i < runs; i++) {
      base.push(time(floorCommand, floorInput, env, ctx.floor?.cwd));
      if (ctx.over) over.push(time(ctx.over.command, "", env, ctx.over.cwd));
      hook.push(time(hookCommand, input, env));
    }
    const wall = (xs) => median(xs.map((x) => x.ms));
    const cpu = (xs) => xs.reduce((sum, x) => sum + x.cpu, 0);
    const beyond = ctx.over ? wall(over) : 0;
    const ratio = (wall(hook) - beyond) / wall(base);
    const cpuRatio = cpu(base) > 0 ? (cpu(hook) - (ctx.over ? cpu(over) : 0)) / cpu(base) : Number.NaN;
    worst = Math.max(worst, ratio);
    if (!Number.isNaN(cpuRatio)) worstCpu = Math.max(worstCpu, cpuRatio);
    const overText = ctx.over ? `   ${ctx.over.name} ${beyond.toFixed(1)} ms` : "";
    console.log(
      `  ${cli.padEnd(7)} ${floorName} ${wall(base).toFixed(1)} ms${overText}   hook ${wall(hook).toFixed(1)} ms   +${(wall(hook) - beyond - wall(base)).toFixed(1)} ms   ratio ${ratio.toFixed(3)}x   cpu ratio ${cpuRatio.toFixed(3)}x`,
    );
  }
  const verdict =
    target === null
      ? `${untimed}; no target`
      : `target <= ${target}x: ${worst <= target ? "within target" : "OVER TARGET"}`;
  console.log(`  worst ratio ${worst.toFixed(3)}x (${verdict}); worst child CPU-time ratio ${worstCpu.toFixed(3)}x`);
} finally {
  ctx.cleanup?.();
  // A git the hook started may still be writing the large repository's index for a moment.
  rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
