import { closeSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { hookStdin } from "../src/hook/hook-stdio.ts";
import {
  type Adapter,
  type Guardrail,
  guardrailOptions,
  type HookEvent,
  type ProjectPolicy,
  runHook,
  silentAnswer,
} from "../src/index.ts";
import { testAdapter } from "./_adapter.ts";

const adapter: Adapter = testAdapter();
const payload = JSON.stringify({
  hook_event_name: "PreToolUse",
  session_id: "s",
  cwd: "/",
  tool_name: "Bash",
  tool_input: { command: "ls" },
});
const gate = (decide: Guardrail["decide"]): Guardrail => ({ name: "gate", failure: "closed", decide });
const advisory = (decide: Guardrail["decide"]): Guardrail => ({ name: "advice", failure: "open", decide });
const run = (guardrail: Guardrail, stdin: string, extra: Partial<Parameters<typeof runHook>[0]> = {}) =>
  runHook({ guardrail, adapter, stdin, env: { HOME: "/nonexistent" }, ...extra });

describe("runHook", () => {
  it("renders the guardrail's decision", async () => {
    const answer = await run(
      gate(() => ({ type: "deny", reason: "no" })),
      payload,
    );
    expect(answer).toEqual({ exitCode: 0, stdout: '{"type":"deny","reason":"no"}\n', stderr: "" });
  });

  it("passes the event and whether notes reach the model", async () => {
    let seen: HookEvent | undefined;
    let reach: boolean | undefined;
    await run(
      gate((event, context) => {
        seen = event;
        reach = context.notesReachModel;
        return { type: "allow" };
      }),
      payload,
    );
    expect(seen).toMatchObject({ kind: "before-tool", tool: { command: "ls" } });
    expect(reach).toBe(true);
  });

  const broken: [string, string][] = [
    ["empty stdin", ""],
    ["not JSON", "gh pr merge 12"],
    ["a JSON array", "[]"],
    ["a truncated payload", payload.slice(0, 40)],
    ["a missing event name", JSON.stringify({ tool_name: "Bash" })],
    ["a wrong-typed tool_input", JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: 5 })],
  ];

  it.each(broken)("a gate blocks with exit 2 on %s", async (_label, stdin) => {
    const answer = await run(
      gate(() => ({ type: "allow" })),
      stdin,
    );
    expect(answer.exitCode).toBe(2);
    expect(answer.stdout).toBe("");
    expect(answer.stderr).toMatch(/^gate: blocked because the hook could not check this action \(.+\)/);
  });

  it.each(broken)("an advisory hook says nothing on %s", async (_label, stdin) => {
    expect(
      await run(
        advisory(() => ({ type: "note", context: "x" })),
        stdin,
      ),
    ).toEqual(silentAnswer());
  });

  it("a gate denies through the CLI's own answer when the guardrail throws on a known event", async () => {
    const answer = await run(
      gate(() => {
        throw new Error("boom");
      }),
      payload,
    );
    expect(answer.exitCode).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ type: "deny", reason: expect.stringContaining("boom") });
  });

  it("a gate blocks when the deadline passes", async () => {
    const answer = await run(
      gate(() => new Promise(() => {})),
      payload,
      { deadlineMs: 30 },
    );
    expect(JSON.parse(answer.stdout).reason).toMatch(/did not finish within 30 ms/);
  });

  it("a gate blocks a payload over the size cap", async () => {
    const file = join(tempDir("hookrail-runtime-cap-"), "in");
    writeFileSync(file, payload + " ".repeat(2048));
    const fd = openSync(file, "r");
    try {
      const answer = await runHook({
        guardrail: gate(() => ({ type: "allow" })),
        adapter,
        stdin: hookStdin(fd),
        env: { HOME: "/nonexistent" },
        maxStdinBytes: 1024,
      });
      expect(answer.exitCode).toBe(2);
      expect(answer.stderr).toMatch(/larger than 1024 bytes/);
    } finally {
      closeSync(fd);
    }
  });
});

describe("config problems", () => {
  const schema = z.object({ enabled: z._default(z.boolean(), true) });
  const policy: ProjectPolicy = { enabled: { allows: (v) => v !== false, why: "only the user may" } };
  // A gate that reads its section under the policy, then answers `type`.
  const reading = (type: "allow" | "deny") =>
    gate((_event, context) => {
      guardrailOptions(context.config, "gate", schema, policy);
      return type === "allow" ? { type } : { type, reason: "no" };
    });

  // A project file that tries to turn the gate off: a setting really refused.
  function project() {
    const root = tempDir();
    mkdirSync(join(root, "repo", ".git"), { recursive: true });
    mkdirSync(join(root, "repo", ".hookrail"));
    writeFileSync(join(root, "repo", ".hookrail", "config.json"), JSON.stringify({ gate: { enabled: false } }));
    const env = { HOME: join(root, "home"), HOOKRAIL_STATE_DIR: join(root, "state") };
    const call = (session: string, type: "allow" | "deny" = "allow") =>
      run(reading(type), JSON.stringify({ ...JSON.parse(payload), session_id: session, cwd: join(root, "repo") }), {
        env,
      });
    return { call, root };
  }

  it("are told once per session, not with every tool call", async () => {
    const { call } = project();
    const first = await call("s1");
    expect(JSON.parse(first.stdout)).toMatchObject({ type: "message", userMessage: /"gate.enabled": false ignored/ });
    expect((await call("s1")).stdout).toBe("");
    // Another session is told again.
    expect(JSON.parse((await call("s2")).stdout).userMessage).toMatch(/only the user may/);
  });

  it("are told every time when the state store cannot remember them", async () => {
    const { call, root } = project();
    writeFileSync(join(root, "state"), "a file where the state folder should be");
    expect((await call("s1")).stdout).toMatch(/ignored/);
    expect((await call("s1")).stdout).toMatch(/ignored/);
  });

  it("are not used up by a deny, which carries no message", async () => {
    const { call } = project();
    expect(JSON.parse((await call("s1", "deny")).stdout)).toEqual({ type: "deny", reason: "no" });
    expect((await call("s1")).stdout).toMatch(/ignored/);
  });
});
