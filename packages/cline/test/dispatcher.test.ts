// The dispatcher as Cline runs it: `node <hooks folder>/PreToolUse` with the payload on stdin, beside guardrails in
// hookrail/<g>/ whose bundles here are small scripts that answer, crash, hang or print nothing.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { clineRefusal, DISPATCHER_SOURCE } from "../src/index.ts";

const fixtures = fileURLToPath(new URL("./fixtures", import.meta.url));
const payload = readFileSync(join(fixtures, "PreToolUse.run_commands.json"), "utf8");
const editPayload = readFileSync(join(fixtures, "PreToolUse.editor.json"), "utf8");
const mcpPayload = readFileSync(join(fixtures, "PreToolUse.mcp.json"), "utf8");

const BUNDLES = {
  allow: `process.stdin.resume();process.stdin.on("end",()=>process.stdout.write("{}\\n"))`,
  deny: `process.stdin.resume();process.stdin.on("end",()=>process.stdout.write(JSON.stringify({overrideInput:{commands:["exit 1 # deny"]},contextModification:"denied here"})))`,
  note: `process.stdin.resume();process.stdin.on("end",()=>process.stdout.write(JSON.stringify({contextModification:"a note"})))`,
  cancel: `process.stdin.resume();process.stdin.on("end",()=>process.stdout.write(JSON.stringify({cancel:true,errorMessage:"stop"})))`,
  crash: `throw new Error("boom")`,
  silent: `process.stdin.resume()`,
  prose: `process.stdout.write("not json")`,
  hang: `setTimeout(()=>{},60000)`,
  unstarted: `process.stdin.resume();process.stdin.on("end",()=>process.stdout.write(JSON.stringify({cancel:true,errorMessage:"g: could not start",hookrailRefuse:true})))`,
  echo: `let s="";process.stdin.on("data",d=>s+=d);process.stdin.on("end",()=>process.stdout.write(JSON.stringify({contextModification:JSON.parse(s).tool_call.name})))`,
} as const;

interface Installed {
  name: string;
  bundle: keyof typeof BUNDLES;
  failure: "closed" | "open";
  events?: Record<string, string[] | true>;
  mcp?: string[];
}

function hooks(installed: Installed[], event = "PreToolUse") {
  const dir = tempDir("hookrail-cline-dispatch-");
  writeFileSync(join(dir, event), DISPATCHER_SOURCE);
  for (const g of installed) {
    const folder = join(dir, "hookrail", g.name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${g.name}.cjs`), BUNDLES[g.bundle]);
    const events = g.events ?? { PreToolUse: ["run_commands", "editor"] };
    const settings = {
      guardrail: g.name,
      bundle: `${g.name}.cjs`,
      failure: g.failure,
      timeoutSeconds: 1,
      events,
      mcp: g.mcp,
    };
    writeFileSync(join(folder, "cline.json"), JSON.stringify(settings));
  }
  return {
    dir,
    run: (input = payload) => {
      const r = spawnSync(process.execPath, [join(dir, event)], { input, encoding: "utf8", cwd: dir });
      return { status: r.status, answer: JSON.parse(r.stdout) as Record<string, unknown> };
    },
  };
}

const failed = (g: string, why: string) =>
  `${g}: blocked because its hook failed (${why}), so nothing was checked. Run npx hookrail doctor to see why, then retry.`;

describe("the Cline dispatcher", () => {
  it("answers {} with nothing installed, and with only guardrails that allow", () => {
    expect(hooks([]).run().answer).toEqual({});
    expect(hooks([{ name: "a", bundle: "allow", failure: "closed" }]).run().answer).toEqual({});
  });

  it("passes one guardrail's refusal through, and joins every guardrail's context", () => {
    const { answer } = hooks([
      { name: "branch-drift", bundle: "note", failure: "open" },
      { name: "merge-gate", bundle: "deny", failure: "closed" },
    ]).run();
    expect(answer).toEqual({
      overrideInput: { commands: ["exit 1 # deny"] },
      contextModification: "a note\n\ndenied here",
    });
  });

  it("lets cancel win over a refusal (the most restrictive answer)", () => {
    const { answer } = hooks([
      { name: "a", bundle: "deny", failure: "closed" },
      { name: "b", bundle: "cancel", failure: "closed" },
    ]).run();
    expect(answer).toMatchObject({ cancel: true, errorMessage: "stop" });
    expect(answer.overrideInput).toBeUndefined();
  });

  it.each([
    ["crash", "it ended (exit 1) without an answer"],
    ["silent", "it ended (exit 0) without an answer"],
    ["prose", "it printed no JSON answer"],
    ["hang", "it did not answer within 1 s"],
  ] as const)("refuses the call itself when a gate's bundle fails (%s), as the adapter refuses", (bundle, why) => {
    const { answer } = hooks([{ name: "merge-gate", bundle, failure: "closed" }]).run();
    const call = JSON.parse(payload).tool_call as { id: string; name: string };
    expect(answer).toEqual(clineRefusal(call.name, call.id, failed("merge-gate", why)));
  });

  it("refuses a call, naming the file and npx hookrail update, when a gate's bundle has gone; an advisory one is left out", () => {
    const h = hooks([
      { name: "merge-gate", bundle: "allow", failure: "closed" },
      { name: "drift", bundle: "note", failure: "open" },
    ]);
    for (const g of ["merge-gate", "drift"]) rmSync(join(h.dir, "hookrail", g, `${g}.cjs`));
    const call = JSON.parse(payload).tool_call as { id: string; name: string };
    const file = join(h.dir, "hookrail", "merge-gate", "merge-gate.cjs");
    expect(h.run().answer).toEqual(
      clineRefusal(
        call.name,
        call.id,
        `merge-gate: blocked because its hook file ${file} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
      ),
    );
  });

  it("turns a refusal written before the call was known (a bundle that cannot start) into this call's refusal", () => {
    const { answer } = hooks([{ name: "merge-gate", bundle: "unstarted", failure: "closed" }]).run();
    const call = JSON.parse(payload).tool_call as { id: string; name: string };
    expect(answer).toEqual(clineRefusal(call.name, call.id, "g: could not start"));
    expect(answer.cancel).toBeUndefined();
  });

  it("refuses an edit when a gate fails by the editor's replacement, and stops an MCP tool with cancel", () => {
    const gate = [{ name: "merge-gate", bundle: "crash", failure: "closed", mcp: ["PreToolUse"] }] as Installed[];
    const reason = failed("merge-gate", "it ended (exit 1) without an answer");
    const edit = JSON.parse(editPayload).tool_call as { id: string };
    expect(hooks(gate).run(editPayload).answer).toEqual(clineRefusal("editor", edit.id, reason));
    expect(hooks(gate).run(mcpPayload).answer).toEqual({ cancel: true, errorMessage: reason });
  });

  it("leaves a failed advisory guardrail out silently, beside the others' answers", () => {
    expect(hooks([{ name: "drift", bundle: "crash", failure: "open" }]).run().answer).toEqual({});
    const { answer } = hooks([
      { name: "drift", bundle: "hang", failure: "open" },
      { name: "gate", bundle: "deny", failure: "closed" },
    ]).run();
    expect(answer.overrideInput).toEqual({ commands: ["exit 1 # deny"] });
  });

  it("runs a guardrail only for its events and tools, with the payload on stdin", () => {
    const only = [{ name: "a", bundle: "echo", failure: "closed", events: { PreToolUse: ["editor"] } }] as Installed[];
    expect(hooks(only).run().answer).toEqual({});
    expect(hooks(only).run(editPayload).answer).toEqual({ contextModification: "editor" });
    const mcp = [{ name: "a", bundle: "echo", failure: "closed", mcp: ["PreToolUse"] }] as Installed[];
    expect(hooks(only).run(mcpPayload).answer).toEqual({});
    expect(hooks(mcp).run(mcpPayload).answer).toEqual({ contextModification: "github__merge_pull_request" });
    expect(hooks(mcp, "PostToolUse").run(mcpPayload).answer).toEqual({});
    const post = [{ name: "a", bundle: "crash", failure: "closed", events: { PostToolUse: true } }] as Installed[];
    expect(hooks(post).run().answer).toEqual({});
  });

  it.each(["UserPromptSubmit", "PostToolUse"])(
    "leaves a gate's failure out at %s, where it decides no action (before a tool it refuses)",
    (event) => {
      const bound = [
        { name: "gate", bundle: "crash", failure: "closed", events: { [event]: true, PreToolUse: true } },
        { name: "note", bundle: "note", failure: "open", events: { [event]: true } },
      ] as Installed[];
      expect(hooks(bound, event).run().answer).toEqual({ contextModification: "a note" });
      expect(hooks(bound).run().answer).toMatchObject({ overrideInput: expect.anything() });
    },
  );

  it("treats a guardrail folder whose settings cannot be read as a gate on PreToolUse", () => {
    const h = hooks([]);
    mkdirSync(join(h.dir, "hookrail", "merge-gate"), { recursive: true });
    const { answer } = h.run();
    expect(answer.overrideInput).toBeDefined();
    expect(String(answer.contextModification)).toMatch(
      /^merge-gate: blocked because its hook failed \(its settings cannot be read/,
    );
  });

  it("always exits 0 with one line of JSON", () => {
    const r = hooks([{ name: "g", bundle: "crash", failure: "closed" }]).run("not json");
    expect(r.status).toBe(0);
    expect(r.answer).toMatchObject({ cancel: true });
  });

  // It reads stdin at its descriptor, as core's hooks do: an event is answered whether stdin ends, stays open after
  // it, or arrives in pieces.
  const stdinCases: [string, (stdin: NodeJS.WritableStream) => void, string][] = [
    ["ends after the event", (stdin) => stdin.end(editPayload), "editor"],
    ["stays open after the event", (stdin) => stdin.write(editPayload), "editor"],
    [
      "arrives in pieces",
      (stdin) => {
        stdin.write(editPayload.slice(0, 40));
        setTimeout(() => stdin.end(editPayload.slice(40)), 200);
      },
      "editor",
    ],
    [
      "stays open after an event that fills one read exactly (64 KiB)",
      (stdin) => {
        const event = { ...JSON.parse(editPayload), padding: "" };
        event.padding = "x".repeat(64 * 1024 - Buffer.byteLength(JSON.stringify(event)));
        stdin.write(JSON.stringify(event));
      },
      "editor",
    ],
    [
      "is larger than one read",
      (stdin) => {
        const big = JSON.parse(editPayload);
        big.padding = "x".repeat(300_000);
        stdin.end(JSON.stringify(big));
      },
      "editor",
    ],
  ];
  it.each(stdinCases)("answers when stdin %s", { timeout: 20_000 }, async (_, feed, tool) => {
    const { dir } = hooks([{ name: "a", bundle: "echo", failure: "closed", events: { PreToolUse: ["editor"] } }]);
    const child = spawn(process.execPath, [join(dir, "PreToolUse")], { stdio: ["pipe", "pipe", "ignore"], cwd: dir });
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => {
      child.on("close", resolve);
      feed(child.stdin);
    });
    clearTimeout(killer);
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ contextModification: tool });
  });
});
