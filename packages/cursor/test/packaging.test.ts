import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { cursorEvents, cursorPackaging } from "../src/index.ts";
import { cursorLoaderAnswer } from "../src/packaging.ts";

const manifest = (bindings: GuardrailManifest["bindings"]): GuardrailManifest => ({
  name: "demo-gate",
  version: "1.0.0",
  description: "d",
  bindings,
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
});

const files = (m: GuardrailManifest, failure?: "open" | "closed") =>
  JSON.parse(cursorPackaging.files(m, failure ? { failure } : {})[0]?.content ?? "");

describe("cursor packaging", () => {
  it("writes one hooks.json in Cursor's format, one flat entry per event, failClosed for a gate", () => {
    const m = manifest([{ event: "before-tool", tools: ["shell", "file-write"] }, { event: "prompt" }]);
    const file = "$CURSOR_PROJECT_DIR/.cursor/hookrail/demo-gate/demo-gate.cjs";
    // The loader in front of the bundle: a gate's permission hook denies when the bundle has gone, its other hooks
    // answer their "no objection" (failClosed would read silence as a failure); an advisory guardrail says nothing.
    const entry = (event: string) => ({
      type: "command",
      command: nodeHookCommand(file, cursorLoaderAnswer(m, event)),
      timeout: 10,
      failClosed: true,
    });
    expect(cursorPackaging.files(m).map((f) => f.path)).toEqual(["hooks.json"]);
    expect(files(m, "closed")).toEqual({
      version: 1,
      hooks: {
        preToolUse: [{ ...entry("preToolUse"), matcher: "Shell|Write" }],
        beforeSubmitPrompt: [entry("beforeSubmitPrompt")],
      },
    });
    expect(cursorLoaderAnswer(m, "preToolUse").deny).toBeDefined();
    expect(cursorLoaderAnswer(m, "beforeSubmitPrompt").neutral).toEqual({ continue: true });
    expect(files(m, "open").hooks.preToolUse[0]).not.toHaveProperty("failClosed");
    expect(files(m, "open").hooks.preToolUse[0].command).toBe(nodeHookCommand(file));
  });

  it.each<[string, GuardrailManifest["bindings"], { event: string; matcher?: string }[]]>([
    [
      "a shell-only gate uses Cursor's shell hook",
      [{ event: "before-tool", tools: ["shell"] }],
      [{ event: "beforeShellExecution" }],
    ],
    [
      "a gate of shell and files uses preToolUse matched to its tools (one run per call)",
      [{ event: "before-tool", tools: ["shell", "file-edit"] }],
      [{ event: "preToolUse", matcher: "Shell|StrReplace" }],
    ],
    [
      "before and after a shell command share preToolUse/postToolUse (and the call's tool_use_id)",
      [
        { event: "before-tool", tools: ["shell"] },
        { event: "after-tool", tools: ["shell", "file-write"] },
      ],
      [
        { event: "preToolUse", matcher: "Shell" },
        { event: "postToolUse", matcher: "Shell|Write" },
      ],
    ],
    [
      "two bindings of one event are one entry",
      [
        { event: "before-tool", tools: ["plan-exit", "file-write"] },
        { event: "before-tool", tools: ["shell"] },
      ],
      [{ event: "preToolUse", matcher: "Write|Shell" }],
    ],
    [
      "a gate watching MCP tools adds Cursor's MCP hook, unmatched (preToolUse names only Cursor's own tools)",
      [{ event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] }, { event: "prompt" }],
      [
        { event: "preToolUse", matcher: "Shell|Write|StrReplace" },
        { event: "beforeMCPExecution" },
        { event: "beforeSubmitPrompt" },
      ],
    ],
    [
      "shell and MCP tools",
      [{ event: "before-tool", tools: ["shell", "mcp"] }],
      [{ event: "preToolUse", matcher: "Shell" }, { event: "beforeMCPExecution" }],
    ],
    ["MCP tools alone", [{ event: "before-tool", tools: ["mcp"] }], [{ event: "beforeMCPExecution" }]],
    [
      "session events",
      [{ event: "session-start" }, { event: "session-end" }, { event: "stop" }],
      [{ event: "sessionStart" }, { event: "sessionEnd" }, { event: "stop" }],
    ],
  ])("%s", (_label, bindings, events) => {
    expect(cursorEvents(manifest(bindings))).toEqual(events);
  });

  it("keeps the bundle next to hooks.json", () => {
    expect(cursorPackaging.bundlePath(manifest([]))).toBe("demo-gate.cjs");
  });
});
