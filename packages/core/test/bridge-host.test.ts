// The plugin's side of a bridge against real worker processes: bundles written here that answer, crash, hang,
// cannot start, or are missing; node not found. A gate blocks on every failure, an advisory guardrail is silent.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import type { BridgeSettings } from "../src/bridge/bridge.ts";
import { bridgeHost, hookNode } from "../src/bridge/bridge-host.ts";

/** A worker that answers each request line with `answer(payload)` (a JS expression over `p`), as the serve loop does. */
const worker = (answer: string) => `
let buf = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (c) => {
  buf += c;
  let at;
  while ((at = buf.indexOf("\\n")) >= 0) {
    const { id, payload: p } = JSON.parse(buf.slice(0, at));
    buf = buf.slice(at + 1);
    const answer = ${answer};
    if (answer) process.stdout.write(JSON.stringify({ id, answer }) + "\\n");
  }
});
process.stdin.on("end", () => process.exit(0));
`;

const BUNDLES: Record<string, string> = {
  allows: worker(`({ exitCode: 0, stdout: "", stderr: "" })`),
  blocks: worker(
    `({ exitCode: 0, stdout: JSON.stringify({ action: "block", reason: "no: " + p.data.command }), stderr: "" })`,
  ),
  notes: worker(
    `({ exitCode: 0, stdout: JSON.stringify({ action: "note", context: "ctx", userMessage: "hi" }), stderr: "" })`,
  ),
  "exit-two": worker(`({ exitCode: 2, stdout: "", stderr: "gate: blocked (unreadable event)\\n" })`),
  garbled: worker(`({ exitCode: 0, stdout: "not json", stderr: "" })`),
  "exits-one": worker(`({ exitCode: 1, stdout: "", stderr: "boom" })`),
  hangs: worker(`undefined`),
  crashes: `process.stdin.once("data", () => { process.stderr.write("Segmentation fault\\n"); process.kill(process.pid, "SIGKILL"); });`,
  "throws-at-start": `throw new Error("bundle broken");`,
  "start-failure": `process.stderr.write("gate: blocked because the hook could not start (damaged). Nothing ran\\n"); process.exit(2);`,
};

function world() {
  const dir = tempDir("bridge-host-");
  for (const [name, code] of Object.entries(BUNDLES)) writeFileSync(join(dir, `${name}.cjs`), code);
  mkdirSync(join(dir, "a-folder.cjs"));
  return dir;
}

const settings = (bundle: string, failure: "closed" | "open", timeoutMs = 10_000): BridgeSettings => ({
  guardrail: "gate",
  failure,
  bundle: `${bundle}.cjs`,
  timeoutMs,
  hooks: { "tool.execute.before": ["bash"] },
  title: "OpenCode",
});

/** A host whose worker is stopped when the test ends. */
const hostFor = (...args: Parameters<typeof bridgeHost>) => {
  const host = bridgeHost(...args);
  onTestFinished(() => host.close());
  return host;
};

const ask = async (dir: string, bundle: string, failure: "closed" | "open", env = {}, timeoutMs?: number) => {
  const host = hostFor(settings(bundle, failure, timeoutMs), { dir, cwd: "/repo", env: { ...process.env, ...env } });
  return host.ask("tool.execute.before", "s", { command: "gh pr merge 1" });
};

describe("the plugin reads its worker's answers", () => {
  const dir = world();
  it.each([
    ["allows", { type: "allow" }],
    ["blocks", { type: "block", reason: "no: gh pr merge 1" }],
    ["notes", { type: "note", context: "ctx", userMessage: "hi" }],
    ["exit-two", { type: "block", reason: "gate: blocked (unreadable event)" }],
  ])("%s", async (bundle, outcome) => {
    expect(await ask(dir, bundle, "closed")).toEqual(outcome);
  });

  it("sends the envelope with the hook, the session and the folder", async () => {
    const host = hostFor(settings("echo", "closed"), { dir, cwd: "/repo" });
    writeFileSync(
      join(dir, "echo.cjs"),
      worker(`({ exitCode: 0, stdout: JSON.stringify({ action: "block", reason: JSON.stringify(p) }), stderr: "" })`),
    );
    const r = await host.ask("tool.execute.before", "ses_9", { x: 1 }, "/elsewhere");
    expect(r.type === "block" && JSON.parse(r.reason)).toEqual({
      hookrail_bridge: 1,
      hook_event_name: "tool.execute.before",
      session_id: "ses_9",
      cwd: "/elsewhere",
      data: { x: 1 },
    });
  });

  it("answers events sent side by side, each with its own answer, from one worker", async () => {
    const host = hostFor(settings("blocks", "closed"), { dir, cwd: "/repo" });
    const answers = await Promise.all(["a", "b", "c"].map((command) => host.ask("h", "s", { command })));
    expect(answers.map((a) => a.type === "block" && a.reason)).toEqual(["no: a", "no: b", "no: c"]);
  });
});

describe("when the hook cannot answer, a gate blocks and an advisory guardrail says nothing", () => {
  const dir = world();
  const noNode = { HOOKRAIL_NODE: "node", PATH: join(dir, "no-such-bin") };
  const noFile = { HOOKRAIL_NODE: join(dir, "no-such-node") };
  it.each([
    ["the bundle is missing", "missing", {}, /its bundle .*missing\.cjs is missing/],
    ["the bundle is a folder", "a-folder", {}, /its bundle .*a-folder\.cjs is not a file/],
    ["the bundle throws as it starts", "throws-at-start", {}, /its hook process ended \(exit 1\): .*bundle broken/],
    ["the worker crashes", "crashes", {}, /its hook process ended \(SIGKILL\): Segmentation fault/],
    ["the worker exits 1 for an event", "exits-one", {}, /it exited 1: boom/],
    ["the answer is not JSON", "garbled", {}, /its answer was not JSON/],
    ["node is not on PATH", "allows", noNode, /node was not found on PATH \(OpenCode runs plugins in its own runtime/],
    ["HOOKRAIL_NODE names no program", "allows", noFile, /no-such-node could not be started/],
  ])("%s", async (_what, bundle, env, why) => {
    const closed = await ask(dir, bundle, "closed", env);
    expect(closed.type).toBe("block");
    expect(closed.type === "block" && closed.reason).toMatch(why);
    expect(closed.type === "block" && closed.reason).toMatch(
      /^gate: blocked because its OpenCode plugin could not run the hook/,
    );
    expect(await ask(dir, bundle, "open", env)).toEqual({ type: "allow" });
  });

  it("a gate's bundle that cannot start gives its own block reason", async () => {
    expect(await ask(dir, "start-failure", "closed")).toEqual({
      type: "block",
      reason: "gate: blocked because the hook could not start (damaged). Nothing ran",
    });
  });

  it("a worker that does not answer in time is stopped; the next event gets a fresh one", async () => {
    const host = hostFor(settings("hangs", "closed", 3000), { dir, cwd: "/repo" });
    const first = await host.ask("h", "s", {});
    expect(first.type === "block" && first.reason).toMatch(/it did not answer within 3 s/);
    chmodSync(join(dir, "hangs.cjs"), 0o644);
    writeFileSync(join(dir, "hangs.cjs"), BUNDLES.allows ?? "");
    expect(await host.ask("h", "s", {})).toEqual({ type: "allow" });
  });
});

describe("the node that runs hooks", () => {
  it("is HOOKRAIL_NODE when set, else this Node (Pi runs extensions in Node)", () => {
    expect(hookNode({ HOOKRAIL_NODE: "/opt/node/bin/node" })).toBe("/opt/node/bin/node");
    expect(hookNode({})).toBe(process.execPath);
  });
});
