// A guardrail as a Qwen Code extension: the manifest, a hooks file under the `hooks` key with Qwen's tool
// names, seconds, and the extension's folder as Qwen substitutes it.
import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { qwenPackaging } from "../src/index.ts";

const ROOT = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");
const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.2.3",
  description: "d",
  bindings: [{ event: "before-tool", tools: ["shell", "file-write", "file-edit"] }, { event: "session-start" }],
  moments: ["tool-failure"],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
};

describe("qwen packaging", () => {
  const files = Object.fromEntries(qwenPackaging.files(manifest).map((f) => [f.path, JSON.parse(f.content)]));
  const handler = {
    type: "command",
    command: nodeHookCommand(`${ROOT}/hooks/demo-gate.cjs`),
    name: "demo-gate",
    timeout: 10,
  };
  const gate = {
    ...handler,
    command: nodeHookCommand(`${ROOT}/hooks/demo-gate.cjs`, { guardrail: "demo-gate", blocking: true }),
  };

  it("writes qwen-extension.json with the name and version", () => {
    expect(files["qwen-extension.json"]).toEqual({ name: "demo-gate", version: "1.2.3", description: "d" });
  });

  it("a gate's tool hook loads the bundle through a loader that blocks when it has gone; the others say nothing", () => {
    const hooks = (m: GuardrailManifest) =>
      JSON.parse(qwenPackaging.files(m).find((f) => f.path === "hooks/hooks.json")?.content ?? "").hooks;
    const gated = hooks({ ...manifest, failure: "closed" });
    expect(gated.PreToolUse[0].hooks).toEqual([gate]);
    expect(gated.SessionStart[0].hooks).toEqual([handler]);
  });

  it("binds Qwen's own tool names and its native events", () => {
    expect(files["hooks/hooks.json"]).toEqual({
      hooks: {
        PreToolUse: [{ matcher: "run_shell_command|write_file|edit|notebook_edit", hooks: [handler] }],
        SessionStart: [{ hooks: [handler] }],
        PostToolUseFailure: [{ hooks: [handler] }],
      },
    });
    expect(qwenPackaging.bundlePath(manifest)).toBe("hooks/demo-gate.cjs");
  });
});
