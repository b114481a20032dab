// Thousands of mutated hook payloads through the gate with each real adapter: it never throws, always
// answers within its deadline, and on anything it cannot read it blocks in the way that CLI honours.
import { CLIS } from "@hookrail/clis";
import { type Adapter, runHook } from "@hookrail/core";
import { cliRunsTool, gitRepo, prng, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { mergeGate } from "../src/index.ts";

// Each CLI's adapter, through the one list of CLIs.
const claudeAdapter = CLIS.claude.adapter;
const codexAdapter = CLIS.codex.adapter;
const geminiAdapter = CLIS.gemini.adapter;

const ADAPTERS: Adapter[] = [claudeAdapter, geminiAdapter, codexAdapter];
const BLOCKED = ["gh pr merge 12 --squash", "gh api repos/o/r/pulls/1/merge -X PUT", "git push origin HEAD:main"];
const JUNK = ["", "\u0000", "\uFFFF", "{", "}", "[", "]", '"', "\\", ",", ":", "null", "1e999", "\n", "é", "💥"];

function payload(adapter: Adapter, command: unknown, cwd: string): Record<string, unknown> {
  const [event, tool] = adapter.cli === "gemini" ? ["BeforeTool", "run_shell_command"] : ["PreToolUse", "Bash"];
  return {
    session_id: "fuzz",
    transcript_path: "/t",
    cwd,
    hook_event_name: event,
    tool_name: tool,
    tool_input: { command },
  };
}

const VALUES: unknown[] = [null, 0, -1, true, "", "x", [], {}, [1, 2], { command: 1 }, "a".repeat(5000)];

/** One mutation: of the JSON text (truncate, delete, insert junk) or of one field's value. */
function mutate(rand: (n: number) => number, base: Record<string, unknown>): string {
  const text = JSON.stringify(base);
  switch (rand(6)) {
    case 0:
      return text.slice(0, rand(text.length));
    case 1: {
      const at = rand(text.length);
      return text.slice(0, at) + text.slice(at + 1 + rand(4));
    }
    case 2: {
      const at = rand(text.length);
      return text.slice(0, at) + JUNK[rand(JUNK.length)] + text.slice(at);
    }
    case 3: {
      const keys = [...Object.keys(base), "tool_input"];
      const key = keys[rand(keys.length)] as string;
      return JSON.stringify({ ...base, [key]: VALUES[rand(VALUES.length)] });
    }
    case 4:
      return JSON.stringify({ ...base, tool_input: { command: VALUES[rand(VALUES.length)] } });
    default:
      return JSON.stringify([base, base].slice(0, rand(3)));
  }
}

/** Whether the adapter can read this text as an event (the gate's own view of "readable"). */
function readable(adapter: Adapter, text: string): boolean {
  try {
    adapter.parse(JSON.parse(text));
    return true;
  } catch {
    return false;
  }
}

describe.each(ADAPTERS)("merge gate payload fuzzing, $cli", (adapter) => {
  it("2,000 mutated payloads: no crash, a well-formed answer, a block whenever the payload is unreadable", {
    timeout: 120_000,
  }, async () => {
    const cwd = gitRepo().dir;
    const env = { HOME: tempDir(), PATH: process.env.PATH };
    const rand = prng(7 + adapter.cli.length);
    let unreadable = 0;
    for (let i = 0; i < 2000; i++) {
      const text = mutate(rand, payload(adapter, BLOCKED[rand(BLOCKED.length)], cwd));
      const answer = await runHook({ guardrail: mergeGate, adapter, stdin: text, env, deadlineMs: 2000 });
      expect([0, 2]).toContain(answer.exitCode);
      if (answer.stdout) expect(() => JSON.parse(answer.stdout)).not.toThrow();
      const intact = BLOCKED.some((command) => text.includes(JSON.stringify(command)));
      if (!readable(adapter, text)) {
        unreadable++;
        expect(cliRunsTool(adapter.cli, answer), text).toBe(false);
      } else if (intact && /"tool_input":\{"command":/.test(text)) {
        expect(cliRunsTool(adapter.cli, answer), text).toBe(false);
      }
    }
    // The mutations must really exercise the unreadable path, not just valid payloads.
    expect(unreadable).toBeGreaterThan(500);
  });
});
