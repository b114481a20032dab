// The bridge CLIs' cost of the merge gate, measured two ways (npm run bench; prints, asserts nothing):
//  1. the mechanism, without a CLI: the shipped OpenCode plugin and its worker answering one tool call, against
//     starting the same bundle as a process for the call (what a command-hook CLI does), in Node and, when the
//     pinned OpenCode is installed, in its Bun (OpenCode and Kilo run plugins in Bun, Pi in Node); then every
//     bridge CLI's shipped plugin (OpenCode, Kilo, Pi, Amp, OpenClaw) loaded through its own plugin API, in Node;
//  2. each installed bridge CLI, headless against the mock: sessions of 1 and of 1 + CALLS shell calls, without
//     a plugin and with the merge gate's, interleaved; the gate's cost per tool call is the difference of the
//     slopes, its cost per session (the worker's start) the difference at one call.
//   node scripts/run-ts.mjs test/bench/bridge.ts [--runs N] [--calls N] [--cli opencode|kilo|pi]
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cliInstalled, requireCli } from "../src/clis.ts";
import type { BridgeCli } from "../src/runner/bridge-clis.ts";
import type { Scenario } from "../src/scenario.ts";
import { PLUGIN_DRIVERS } from "./plugin-drivers.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1]) || fallback;
const RUNS = option("--runs", 3);
const CALLS = option("--calls", 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Part 1, in whichever runtime runs this file (Node, or Bun through OpenCode's binary with BUN_BE_BUN=1). */
async function mechanism(): Promise<void> {
  const runtime = (process.versions as Record<string, string | undefined>).bun
    ? `Bun ${process.versions.bun}`
    : `Node ${process.version}`;
  const repo = fs.mkdtempSync(path.join(process.env.TMPDIR || "/tmp", "hookrail-bench-bridge-"));
  spawnSync("git", ["init", "-q", "-b", "feature", repo]);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: repo, HOOKRAIL_STATE_DIR: path.join(repo, ".state") };
  delete env.NODE_OPTIONS;
  delete env.NODE_EXTRA_CA_CERTS;
  // The plugin's worker gets this process's environment: a throwaway home and state, put back at the end.
  const saved = { HOME: process.env.HOME, HOOKRAIL_STATE_DIR: process.env.HOOKRAIL_STATE_DIR };
  Object.assign(process.env, { HOME: env.HOME, HOOKRAIL_STATE_DIR: env.HOOKRAIL_STATE_DIR });
  const folder = path.join(root, "plugins", "merge-gate", "opencode");
  const bundle = path.join(folder, "hookrail-merge-gate", "merge-gate.cjs");
  const command = "gh pr view 12 --json state,mergeable && git log --oneline -5";
  const input = { tool: "bash", sessionID: "bench", callID: "c" };
  const output = { args: { command, description: "Check the pull request" } };
  const payload = {
    hookrail_bridge: 1,
    hook_event_name: "tool.execute.before",
    session_id: "bench",
    cwd: repo,
    data: { input, output },
  };
  const once = () =>
    new Promise<void>((done, fail) => {
      const child = spawn("node", [bundle], { env, cwd: repo, stdio: ["pipe", "ignore", "ignore"] });
      child.on("error", fail).on("close", () => done());
      child.stdin?.end(JSON.stringify(payload));
    });
  const plugin = (await import(pathToFileURL(path.join(folder, "hookrail-merge-gate.js")).href)) as {
    default: { server: (ctx: unknown) => Promise<Record<string, (i: unknown, o: unknown) => Promise<void>>> };
  };
  const hooks = await plugin.default.server({ directory: repo });
  const hook = hooks["tool.execute.before"];
  if (!hook) throw new Error("the merge gate's plugin has no tool.execute.before");
  const first = performance.now();
  await hook(input, output);
  const firstMs = performance.now() - first;
  await once();
  const perProcess: number[] = [];
  const perWorker: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    let t = performance.now();
    await once();
    perProcess.push(performance.now() - t);
    t = performance.now();
    await hook(input, output);
    perWorker.push(performance.now() - t);
  }
  say(`mechanism (${runtime}, ${CALLS} calls each): a process per call ${ms(median(perProcess))}; the plugin's`);
  say(
    `  worker ${ms(median(perWorker))} per call (its first call, which waited for the worker to start: ${ms(firstMs)})`,
  );
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(repo, { recursive: true, force: true });
}

/** Part 2: one session of `calls` shell calls in a bridge CLI, with or without the merge gate's plugin. */
async function session(cli: BridgeCli, calls: number, gate: boolean): Promise<number> {
  // Loaded here: part 1 also runs in Bun, which needs none of the suite's runner.
  const { startOpenAIChatMock } = await import("../src/mock/openai-chat.ts");
  const { cliPath, command, PROFILES } = await import("../src/runner/bridge-clis.ts");
  const { runProcess } = await import("../src/runner/process.ts");
  const { openSession } = await import("../src/runner/session.ts");
  const profile = PROFILES[cli];
  const steps = Array.from({ length: calls }, (_, i) => ({
    kind: "shell" as const,
    command: `gh pr view ${i} --json state`,
  }));
  const scenario: Scenario = { prompt: "Check the pull requests.", steps };
  const s = await openSession(cli);
  try {
    const mock = await startOpenAIChatMock(scenario, s.rd.project, profile.tools);
    s.defer(() => mock.close());
    profile.prepare(s, mock.url, scenario);
    if (gate) {
      const from = path.join(root, "plugins", "merge-gate", cli);
      const to = profile.pluginsDir(s);
      fs.mkdirSync(to, { recursive: true });
      for (const entry of fs.readdirSync(from).filter((e) => e.startsWith("hookrail-")))
        fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
    }
    const info = requireCli(cli);
    const [file, head] = command(info);
    const r = await runProcess(file, [...head, ...profile.args(scenario, [])], {
      cwd: s.rd.project,
      env: { ...s.env, PATH: cliPath(info, s.env.PATH ?? "", s.rd.bin) },
      timeoutMs: 300_000,
    });
    const ran = mock.requests.filter((q) => q.kind === "main").length;
    if (r.exitCode !== 0 || ran !== calls + 1)
      throw new Error(`${cli}: exit ${r.exitCode}, ${ran} model requests: ${r.stderr.slice(-500)}`);
    return r.wallMs;
  } finally {
    await s.close();
  }
}

async function clis(): Promise<void> {
  const only = args.includes("--cli") ? args[args.indexOf("--cli") + 1] : undefined;
  for (const cli of (["opencode", "kilo", "pi"] as const).filter((c) => !only || c === only)) {
    if (!cliInstalled(cli)) {
      say(`${cli}: not installed (node test/scripts/install-clis.mjs ${cli}); skipped`);
      continue;
    }
    const times: Record<string, number[]> = {
      "none 1": [],
      [`none ${CALLS + 1}`]: [],
      "gate 1": [],
      [`gate ${CALLS + 1}`]: [],
    };
    for (let run = 0; run < RUNS; run++)
      for (const gate of [false, true])
        for (const calls of [1, CALLS + 1])
          times[`${gate ? "gate" : "none"} ${calls}`]?.push(await session(cli, calls, gate));
    const m = (key: string) => median(times[key] ?? []);
    const perCall = (m(`gate ${CALLS + 1}`) - m("gate 1") - (m(`none ${CALLS + 1}`) - m("none 1"))) / CALLS;
    const cliPerCall = (m(`none ${CALLS + 1}`) - m("none 1")) / CALLS;
    say(`${cli} ${requireCli(cli).version} (${RUNS} runs per side, median session wall time):`);
    say(
      `  no plugin: 1 call ${ms(m("none 1"))}, ${CALLS + 1} calls ${ms(m(`none ${CALLS + 1}`))} (the CLI's own ${ms(cliPerCall)} per call)`,
    );
    say(`  merge gate: 1 call ${ms(m("gate 1"))}, ${CALLS + 1} calls ${ms(m(`gate ${CALLS + 1}`))}`);
    say(`  the merge gate adds ${ms(perCall)} per tool call and ${ms(m("gate 1") - m("none 1"))} per session`);
  }
}

/** Part 1b (Node): every bridge CLI's shipped merge-gate plugin, loaded as its CLI loads it, on the same call. */
async function plugins(): Promise<void> {
  const repo = fs.mkdtempSync(path.join(process.env.TMPDIR || "/tmp", "hookrail-bench-plugins-"));
  spawnSync("git", ["init", "-q", "-b", "feature", repo]);
  const saved = { HOME: process.env.HOME, HOOKRAIL_STATE_DIR: process.env.HOOKRAIL_STATE_DIR };
  Object.assign(process.env, { HOME: repo, HOOKRAIL_STATE_DIR: path.join(repo, ".state") });
  const command = "gh pr view 12 --json state,mergeable && git log --oneline -5";
  say(`each bridge CLI's merge-gate plugin in Node, ${CALLS} calls each (median per call; its first call):`);
  try {
    for (const [cli, drive] of Object.entries(PLUGIN_DRIVERS)) {
      const folder = path.join(root, "plugins", "merge-gate", cli);
      const entry = ["hookrail-merge-gate.js", path.join("hookrail-merge-gate", "index.js")]
        .map((file) => path.join(folder, file))
        .find((file) => fs.existsSync(file));
      if (!entry) throw new Error(`no merge-gate plugin in ${folder}`);
      const loaded = await drive((await import(pathToFileURL(entry).href)) as Record<string, unknown>, repo, command);
      try {
        let t = performance.now();
        // A block (OpenCode's and Kilo's plugins throw one) would time the other path.
        const answer = (await loaded.call()) as { block?: unknown; action?: unknown } | undefined;
        if (answer?.block === true || answer?.action === "reject-and-continue")
          throw new Error(`${cli}: the merge gate blocked a read`);
        const first = performance.now() - t;
        const each: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          t = performance.now();
          await loaded.call();
          each.push(performance.now() - t);
        }
        say(`  ${cli.padEnd(8)} ${ms(median(each))} per call (first ${ms(first)})`);
      } finally {
        await loaded.stop();
      }
    }
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(repo, { recursive: true, force: true });
  }
}

await mechanism();
if (!(process.versions as Record<string, string | undefined>).bun) await plugins();
const opencode = cliInstalled("opencode") ? requireCli("opencode") : undefined;
if (opencode && !(process.versions as Record<string, string | undefined>).bun) {
  // The same mechanism in OpenCode's own runtime: its binary runs as Bun with BUN_BE_BUN=1.
  const self = process.argv[1] ?? "";
  const r = spawnSync(fs.realpathSync(opencode.bin), [self, "--calls", String(CALLS), "--mechanism-only"], {
    env: { ...process.env, BUN_BE_BUN: "1" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.stdout.write(r.stdout || `mechanism in Bun: failed (${r.error?.message ?? `exit ${r.status}`})\n`);
}
if (!args.includes("--mechanism-only")) await clis();
