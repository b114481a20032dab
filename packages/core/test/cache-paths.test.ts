// A hook run marks the paths it took (core's cache-paths.ts) for the loader's code cache: the event's kind, and an
// answer other than the plain allow.
import { describe, expect, it } from "vitest";
import { PATH_BITS, PATHS_KEY, runHook } from "../src/index.ts";
import { testAdapter } from "./_adapter.ts";

const adapter = testAdapter({ PreToolUse: "before-tool", UserPromptSubmit: "prompt" });

const store = globalThis as Record<symbol, unknown>;
const key = Symbol.for(PATHS_KEY);

async function pathsOf(payload: object, type: "allow" | "deny"): Promise<number> {
  delete store[key];
  await runHook({
    guardrail: { name: "g", failure: "closed", decide: () => (type === "allow" ? { type } : { type, reason: "no" }) },
    adapter,
    stdin: JSON.stringify(payload),
    env: { HOME: "/nonexistent" },
  });
  const paths = Number(store[key]);
  delete store[key];
  return paths;
}

const tool = {
  hook_event_name: "PreToolUse",
  session_id: "s",
  cwd: "/",
  tool_name: "Bash",
  tool_input: { command: "ls" },
};
const prompt = { hook_event_name: "UserPromptSubmit", session_id: "s", cwd: "/", prompt: "hello" };

describe("the paths a hook run took", () => {
  it.each([
    ["a tool call allowed", tool, "allow", PATH_BITS["before-tool"]],
    ["a tool call denied", tool, "deny", PATH_BITS["before-tool"] | PATH_BITS.answered],
    ["a prompt", prompt, "allow", PATH_BITS.prompt],
  ] as const)("%s", async (_, payload, type, expected) => {
    expect(await pathsOf(payload, type)).toBe(expected);
  });

  it("gives each path its own bit", () => {
    const bits = Object.values(PATH_BITS);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit & (bit - 1)).toBe(0);
  });
});
