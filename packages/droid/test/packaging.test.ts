// A guardrail as Droid hooks: one hooks.json with the events at its top level (a `hooks` wrapper is ignored by
// Droid), Droid's tool names, seconds, and the bundle in a folder of its own.
import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { droidPackaging } from "../src/index.ts";

const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.2.3",
  description: "d",
  bindings: [
    { event: "before-tool", tools: ["shell", "file-write", "file-edit"] },
    { event: "before-tool", tools: ["plan-exit"] },
    { event: "session-start" },
  ],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
};

describe("droid packaging", () => {
  it("writes hooks.json keyed by event at its top level", () => {
    const files = droidPackaging.files(manifest);
    expect(files.map((f) => f.path)).toEqual(["hooks.json"]);
    const file = "$HOME/.factory/hookrail/demo-gate/demo-gate.cjs";
    const handler = { type: "command", command: nodeHookCommand(file), timeout: 10 };
    expect(JSON.parse(files[0]?.content ?? "")).toEqual({
      PreToolUse: [
        { matcher: "Execute|Create|Edit|MultiEdit|ApplyPatch", hooks: [handler] },
        { matcher: "ExitSpecMode", hooks: [handler] },
      ],
      SessionStart: [{ hooks: [handler] }],
    });
    expect(droidPackaging.bundlePath(manifest)).toBe("demo-gate.cjs");
  });

  it("a gate's tool hooks load the bundle through a loader that blocks when it has gone", () => {
    const hooks = JSON.parse(droidPackaging.files({ ...manifest, failure: "closed" })[0]?.content ?? "");
    const command = nodeHookCommand("$HOME/.factory/hookrail/demo-gate/demo-gate.cjs", {
      guardrail: "demo-gate",
      blocking: true,
    });
    expect(hooks.PreToolUse.flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command))).toEqual([
      command,
      command,
    ]);
    expect(hooks.SessionStart[0].hooks[0].command).toBe(
      nodeHookCommand("$HOME/.factory/hookrail/demo-gate/demo-gate.cjs"),
    );
  });
});
