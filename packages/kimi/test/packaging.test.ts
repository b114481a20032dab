// A guardrail as Kimi Code hooks: [[hooks]] entries Kimi accepts, anchored matchers, the session start on
// UserPromptSubmit, and a gate's PreToolUse that blocks when the hook fails.
import { type GuardrailManifest, nodeHookCommand } from "@hookrail/core";
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";
import { describe, expect, it } from "vitest";
import { kimiHookEntries, kimiHookFiles, kimiHooksIssues } from "../src/index.ts";

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
const file = `${HOME}/hookrail/demo-gate/demo-gate.cjs`;
const node = nodeHookCommand(file);

describe("kimi packaging", () => {
  it("binds Kimi's events, its tools and MCP tools in one anchored matcher", () => {
    expect(kimiHookEntries(manifest, { failure: "closed" })).toEqual([
      {
        event: "PreToolUse",
        matcher: "^(?:Bash|Write|Edit|mcp__.*)$",
        // The loader blocks with the reason when the bundle has gone; `|| exit 2` when node itself cannot start.
        command: `${nodeHookCommand(file, { guardrail: "demo-gate", blocking: true })} || exit 2`,
        timeout: 10,
      },
      { event: "UserPromptSubmit", command: node, timeout: 10 },
      { event: "UserPromptSubmit", command: nodeHookCommand(file, undefined, ["session-start"]), timeout: 10 },
      { event: "PostToolUse", matcher: "^(?:ExitPlanMode)$", command: node, timeout: 10 },
    ]);
  });

  it("leaves an advisory guardrail's failures to Kimi (they let the call run)", () => {
    expect(kimiHookEntries(manifest, { failure: "open" })[0]?.command).toBe(node);
  });

  it("writes hooks.toml that parses to entries Kimi accepts", () => {
    const [file] = kimiHookFiles(manifest, { failure: "closed" });
    expect(file?.path).toBe("hooks.toml");
    const value = getStaticTOMLValue(parseTOML(file?.content ?? "")) as { hooks: unknown[] };
    expect(value.hooks).toEqual(kimiHookEntries(manifest, { failure: "closed" }));
    expect(kimiHooksIssues(value.hooks)).toEqual([]);
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
