// A guardrail as Auggie hooks: Claude Code's `{"hooks": …}` shape, Auggie's tool names anchored (its matchers are
// unanchored regular expressions), MCP tools by `mcp:`, milliseconds, and the bundle in a folder of its own.
import { execFileSync } from "node:child_process";
import type { GuardrailManifest } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { auggiePackaging } from "../src/index.ts";

const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.2.3",
  description: "d",
  bindings: [{ event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] }, { event: "session-start" }],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
  failure: "closed",
};

const hooksOf = (m: GuardrailManifest) => JSON.parse(auggiePackaging.files(m)[0]?.content ?? "").hooks;

describe("auggie packaging", () => {
  it("writes hooks.json with anchored matchers and a matcher for MCP tools", () => {
    const files = auggiePackaging.files(manifest);
    expect(files.map((f) => f.path)).toEqual(["hooks.json"]);
    const hooks = hooksOf(manifest);
    expect(Object.keys(hooks)).toEqual(["PreToolUse", "SessionStart"]);
    expect(hooks.PreToolUse.map((g: { matcher: string }) => g.matcher)).toEqual([
      "^(?:launch-process|save-file|str-replace-editor|apply_patch|remove-files)$",
      "mcp:.*",
    ]);
    expect(hooks.SessionStart[0].matcher).toBeUndefined();
    expect(hooks.PreToolUse[0].hooks[0].timeout).toBe(10_000);
    expect(auggiePackaging.bundlePath(manifest)).toBe("demo-gate.cjs");
  });

  it("a matcher names those tools alone, as Auggie tests it (new RegExp(matcher).test(name))", () => {
    const matcher = new RegExp(hooksOf(manifest).PreToolUse[0].matcher);
    expect(["launch-process", "save-file", "apply_patch"].every((t) => matcher.test(t))).toBe(true);
    expect(["view", "launch-process-2", "kill-process"].some((t) => matcher.test(t))).toBe(false);
  });

  it("a gate's tool hook blocks when its file has gone; its other hooks stay silent", () => {
    const hooks = hooksOf(manifest);
    const gate: string = hooks.PreToolUse[0].hooks[0].command;
    const other: string = hooks.SessionStart[0].hooks[0].command;
    expect(gate).toContain('"$HOME/.augment/hookrail/demo-gate/demo-gate.cjs"');
    const run = (command: string) => {
      try {
        execFileSync("bash", ["-c", command], { env: { ...process.env, HOME: "/nonexistent-home" }, stdio: "pipe" });
        return { status: 0, stderr: "" };
      } catch (e) {
        const error = e as { status: number; stderr: Buffer };
        return { status: error.status, stderr: String(error.stderr) };
      }
    };
    const blocked = run(gate);
    expect(blocked.status).toBe(2);
    expect(blocked.stderr).toMatch(/^demo-gate: blocked because its hook file .* is missing/);
    expect(run(other)).toEqual({ status: 0, stderr: "" });
  });

  it("an advisory guardrail's tool hook stays silent when its file has gone", () => {
    const hooks = hooksOf({ ...manifest, failure: "open" });
    expect(hooks.PreToolUse[0].hooks[0].command).not.toContain("process.exitCode=2");
  });
});
