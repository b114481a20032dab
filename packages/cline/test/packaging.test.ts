import type { GuardrailManifest } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { CLINE_DISPATCHER_FILE, clineHookFiles, clineSettings, DISPATCHER_MARKER } from "../src/index.ts";

const manifest = (
  bindings: GuardrailManifest["bindings"],
  extra: Partial<GuardrailManifest> = {},
): GuardrailManifest => ({
  name: "g",
  version: "1.0.0",
  description: "",
  bindings,
  bundle: "g.cjs",
  timeoutSeconds: 10,
  ...extra,
});

describe("cline packaging", () => {
  it("binds a gate's tool kinds to Cline's tools by hook file, with its failure policy", () => {
    const gate = manifest([
      { event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] },
      { event: "prompt" },
    ]);
    expect(clineSettings(gate, { failure: "closed" })).toEqual({
      guardrail: "g",
      bundle: "g.cjs",
      failure: "closed",
      timeoutSeconds: 10,
      events: { PreToolUse: ["run_commands", "editor"], UserPromptSubmit: true },
      mcp: ["PreToolUse"],
    });
    const mcpOnly = clineSettings(manifest([{ event: "before-tool", tools: ["mcp"] }]));
    expect(mcpOnly).toMatchObject({ events: { PreToolUse: [] }, mcp: ["PreToolUse"] });
  });

  it("leaves out a binding for tools Cline lacks, and maps every neutral event to its hook file", () => {
    const all = manifest([
      { event: "session-start" },
      { event: "before-tool", tools: ["plan-exit"] },
      { event: "after-tool" },
      { event: "stop" },
      { event: "session-end" },
    ]);
    expect(clineSettings(all).events).toEqual({
      TaskStart: true,
      PostToolUse: true,
      TaskComplete: true,
      SessionShutdown: true,
    });
    expect(clineSettings(all).failure).toBe("open");
  });

  it("ships cline.json and the dispatcher, which names itself on its second line", () => {
    const files = clineHookFiles(manifest([{ event: "before-tool", tools: ["shell"] }]));
    expect(files.map((f) => f.path)).toEqual(["cline.json", CLINE_DISPATCHER_FILE]);
    const lines = files[1]?.content.split("\n") ?? [];
    expect(lines[0]).toBe("#!/usr/bin/env node");
    expect(lines[1]?.startsWith(DISPATCHER_MARKER)).toBe(true);
  });
});
