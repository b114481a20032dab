// A gate's Claude Code hooks fail closed: onFailure "block" on its tool hook; advisory hooks and a gate's
// prompt hook keep Claude Code's default (a failure lets the session go on).
import type { GuardrailManifest } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { claudePluginFiles } from "../src/packaging.ts";

const manifest = (failure?: "closed" | "open"): GuardrailManifest => ({
  name: "toy",
  version: "1.0.0",
  description: "a toy",
  bindings: [{ event: "before-tool", tools: ["shell"] }, { event: "prompt" }, { event: "session-start" }],
  bundle: "toy.cjs",
  timeoutSeconds: 10,
  ...(failure ? { failure } : {}),
});

const hooksOf = (m: GuardrailManifest) => {
  const file = claudePluginFiles(m).find((f) => f.path === "hooks/hooks.json");
  const hooks = JSON.parse(file?.content ?? "{}").hooks as Record<string, { hooks: Record<string, unknown>[] }[]>;
  return (event: string) => hooks[event]?.flatMap((g) => g.hooks.map((h) => h.onFailure ?? "default"));
};

describe("claude packaging: onFailure", () => {
  it("blocks on a gate's tool hook only", () => {
    const gate = hooksOf(manifest("closed"));
    expect(gate("PreToolUse")).toEqual(["block"]);
    expect(gate("UserPromptSubmit")).toEqual(["default"]);
    expect(gate("SessionStart")).toEqual(["default"]);
  });

  it.each([undefined, "open" as const])("leaves an advisory guardrail (failure %s) to the default", (failure) => {
    const advisory = hooksOf(manifest(failure));
    expect(advisory("PreToolUse")).toEqual(["default"]);
  });
});
