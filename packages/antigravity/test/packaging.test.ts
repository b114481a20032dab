import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { antigravityPackaging } from "../src/index.ts";

const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.0.0",
  description: "d",
  bindings: [
    { event: "before-tool", tools: ["shell", "file-edit"] },
    { event: "after-tool", tools: ["shell"] },
    { event: "session-start" },
    { event: "session-end" },
    { event: "prompt" },
  ],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
};

// The loader in front of the bundle: when it has gone, an advisory PreToolUse allows (agy would hold the tool for
// review on silence); the other events say nothing.
const handler = (event: string) => ({
  type: "command",
  command: nodeHookCommand(
    ".agents/hookrail/demo-gate/demo-gate.cjs",
    event === "PreToolUse" ? { guardrail: "demo-gate", blocking: false, neutral: { decision: "allow" } } : undefined,
    [event],
  ),
  timeout: 10,
});

describe("antigravity packaging", () => {
  it("writes one named hook: tool events in matcher groups, the others as handlers; the event as argument", () => {
    const files = antigravityPackaging.files(manifest);
    expect(files.map((f) => f.path)).toEqual(["hooks.json"]);
    expect(JSON.parse(files[0]?.content ?? "")).toEqual({
      "hookrail-demo-gate": {
        PreToolUse: [
          {
            matcher: "run_command|replace_file_content|multi_replace_file_content",
            hooks: [handler("PreToolUse")],
          },
        ],
        PreInvocation: [handler("PreInvocation")],
      },
    });
  });

  it("a gate's PreToolUse denies when its bundle has gone", () => {
    const hook = JSON.parse(antigravityPackaging.files(manifest, { failure: "closed" })[0]?.content ?? "");
    const deny = { guardrail: "demo-gate", blocking: true, deny: (reason: string) => ({ decision: "deny", reason }) };
    expect(hook["hookrail-demo-gate"].PreToolUse[0].hooks[0].command).toBe(
      nodeHookCommand(".agents/hookrail/demo-gate/demo-gate.cjs", deny, ["PreToolUse"]),
    );
  });

  it("writes no hook for bindings agy has no event for", () => {
    const none = { ...manifest, bindings: [{ event: "prompt" as const }, { event: "session-end" as const }] };
    expect(JSON.parse(antigravityPackaging.files(none)[0]?.content ?? "")).toEqual({ "hookrail-demo-gate": {} });
  });
});
