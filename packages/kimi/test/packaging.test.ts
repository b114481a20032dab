// A guardrail as Kimi Code hooks: its bindings (anchored matchers, the session start on UserPromptSubmit), and the
// scope's [[hooks]] entries: one per event for every guardrail installed, each running the one dispatcher, which
// blocks when it cannot start wherever a gate is bound before a tool.
import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";
import { describe, expect, it } from "vitest";
import {
  KIMI_DISPATCHER_SOURCE,
  type KimiSettings,
  kimiBindings,
  kimiCommandFile,
  kimiHookEntries,
  kimiHookFiles,
  kimiHooksIssues,
  kimiScopeEntries,
  kimiSettings,
} from "../src/index.ts";

const HOME = ["$", "{KIMI_CODE_HOME:-$HOME/.kimi-code}"].join("");
const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.2.3",
  description: "d",
  bindings: [
    { event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] },
    { event: "prompt" },
    { event: "session-start" },
    { event: "after-tool", tools: ["plan-exit"] },
  ],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
};
const dispatcher = `${HOME}/hookrail/dispatch.cjs`;
const node = nodeHookCommand(dispatcher);
// The loader blocks with the reason when the dispatcher has gone; `|| exit 2` when node itself cannot start.
const blocking = `${nodeHookCommand(dispatcher, { guardrail: "hookrail", blocking: true })} || exit 2`;
const ALL = "^(?:Bash|Write|Edit|mcp__.*)$";

const settings = (
  name: string,
  failure: "closed" | "open",
  bindings: KimiSettings["bindings"],
  timeoutSeconds = 10,
) => ({
  guardrail: name,
  bundle: `${name}.cjs`,
  failure,
  timeoutSeconds,
  bindings,
});

describe("kimi packaging", () => {
  it("binds Kimi's events, its tools and MCP tools in one anchored matcher, the session start by its argument", () => {
    expect(kimiBindings(manifest)).toEqual([
      { event: "PreToolUse", matcher: ALL, args: [] },
      { event: "UserPromptSubmit", args: [] },
      { event: "UserPromptSubmit", args: ["session-start"] },
      { event: "PostToolUse", matcher: "^(?:ExitPlanMode)$", args: [] },
    ]);
  });

  it("a guardrail alone runs its own hook file from its entries, with its arguments at each event", () => {
    const own = `${HOME}/hookrail/a-gate/a-gate.cjs`;
    const gate = settings("a-gate", "closed", [
      { event: "PreToolUse", matcher: "^(?:Bash)$", args: [] },
      { event: "UserPromptSubmit", args: ["session-start"] },
    ]);
    expect(kimiCommandFile([gate])).toBe(own);
    expect(kimiScopeEntries([gate])).toEqual([
      {
        event: "PreToolUse",
        matcher: "^(?:Bash)$",
        command: `${nodeHookCommand(own, { guardrail: "a-gate", blocking: true })} || exit 2`,
        timeout: 11,
      },
      { event: "UserPromptSubmit", command: nodeHookCommand(own, undefined, ["session-start"]), timeout: 11 },
    ]);
    // With a second guardrail, the dispatcher.
    expect(kimiCommandFile([gate, settings("b-note", "open", [])])).toBe(dispatcher);
  });

  it("a gate installed alone but bound twice at one event with different arguments: one entry per event, each running the dispatcher, a second over its timeout", () => {
    expect(kimiHookEntries(manifest, { failure: "closed" })).toEqual([
      { event: "PreToolUse", matcher: ALL, command: blocking, timeout: 11 },
      { event: "UserPromptSubmit", command: node, timeout: 11 },
      { event: "PostToolUse", matcher: "^(?:ExitPlanMode)$", command: node, timeout: 11 },
    ]);
  });

  it("leaves an advisory guardrail's failures to Kimi (they let the call run)", () => {
    expect(kimiHookEntries(manifest, { failure: "open" })[0]?.command).toBe(node);
  });

  it.each([
    [
      "a gate and an advisory guardrail on the same tools: one entry, blocking",
      [
        settings("b-note", "open", [{ event: "PreToolUse", matcher: "^(?:Bash)$", args: [] }]),
        settings("a-gate", "closed", [{ event: "PreToolUse", matcher: "^(?:Bash)$", args: [] }], 30),
      ],
      [{ event: "PreToolUse", matcher: "^(?:Bash)$", command: blocking, timeout: 31 }],
    ],
    [
      "different tools: the matchers' union",
      [
        settings("a-gate", "closed", [{ event: "PreToolUse", matcher: "^(?:Bash)$", args: [] }]),
        settings("b-note", "open", [{ event: "PreToolUse", matcher: "^(?:Write)$", args: [] }]),
      ],
      [{ event: "PreToolUse", matcher: "(?:^(?:Bash)$)|(?:^(?:Write)$)", command: blocking, timeout: 11 }],
    ],
    [
      "one of them bound to every tool: no matcher",
      [
        settings("a-note", "open", [{ event: "PreToolUse", matcher: "^(?:Bash)$", args: [] }]),
        settings("b-note", "open", [{ event: "PreToolUse", args: [] }]),
      ],
      [{ event: "PreToolUse", command: node, timeout: 11 }],
    ],
    [
      "a gate bound only on the prompt: nothing blocks when the dispatcher has gone",
      [
        settings("a-gate", "closed", [{ event: "UserPromptSubmit", args: [] }]),
        settings("b-note", "open", [{ event: "UserPromptSubmit", args: ["session-start"] }]),
      ],
      [{ event: "UserPromptSubmit", command: node, timeout: 11 }],
    ],
    ["nothing installed: no entry", [], []],
  ] as [string, KimiSettings[], unknown[]][])("%s", (_name, installed, entries) => {
    expect(kimiScopeEntries(installed)).toEqual(entries);
    expect(kimiHooksIssues(kimiScopeEntries(installed))).toEqual([]);
  });

  it("writes the same entries for the same guardrails in any order", () => {
    const a = settings("a-gate", "closed", kimiBindings(manifest));
    const b = settings("b-note", "open", [{ event: "Stop", args: [] }]);
    expect(kimiScopeEntries([b, a])).toEqual(kimiScopeEntries([a, b]));
  });

  it("ships kimi.json, hooks.toml that parses to entries Kimi accepts, and the dispatcher", () => {
    const files = kimiHookFiles(manifest, { failure: "closed" });
    expect(files.map((f) => f.path)).toEqual(["kimi.json", "hooks.toml", "dispatch.cjs"]);
    expect(JSON.parse(files[0]?.content ?? "")).toEqual(kimiSettings(manifest, { failure: "closed" }));
    const value = getStaticTOMLValue(parseTOML(files[1]?.content ?? "")) as { hooks: unknown[] };
    expect(value.hooks).toEqual(kimiHookEntries(manifest, { failure: "closed" }));
    expect(kimiHooksIssues(value.hooks)).toEqual([]);
    expect(files[2]?.content).toBe(KIMI_DISPATCHER_SOURCE);
    // Written by the installer beside the folders, not into a project.
    expect(files[2]?.writtenElsewhere).toBe(true);
  });

  it("matches each tool name as Kimi does (new RegExp(matcher).test(name))", () => {
    const [entry] = kimiHookEntries(manifest);
    const re = new RegExp(entry?.matcher ?? "(");
    expect(["Bash", "Write", "Edit", "mcp__forge__merge_pull_request"].every((n) => re.test(n))).toBe(true);
    expect(["Read", "NotebookEdit", "BashOutput", "bash"].some((n) => re.test(n))).toBe(false);
  });
});

describe("kimiHooksIssues: what would switch every Kimi hook off", () => {
  it.each([
    [[{ event: "PreToolUse", command: "x" }], []],
    [[{ event: "TurnStarted", command: "x", timeout: 600 }], []],
    [[{ event: "Bogus", command: "x" }], ["[[hooks]] #1: not one of Kimi Code's hook events"]],
    [
      [
        { event: "PreToolUse", command: "x" },
        { event: "PreToolUse", command: "x", type: "command" },
      ],
      ['[[hooks]] #2: unknown key "type"'],
    ],
    [
      [{ event: "Stop", command: "x", timeout: 601 }],
      ["[[hooks]] #1: timeout must be a whole number of seconds from 1 to 600"],
    ],
    [{ event: "Stop" }, ["`hooks` is not a list of [[hooks]] tables"]],
  ])("%j", (hooks, issues) => {
    expect(kimiHooksIssues(hooks)).toEqual(issues);
  });
});
