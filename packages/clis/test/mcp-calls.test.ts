// An MCP tool call as each CLI's hooks are handed it (captured from the real CLIs with the suite's MCP server,
// test/src/mock/mcp-server.mjs): the hooks hookrail installs for a guardrail that watches MCP tools are called for
// it, and the adapter reads it as a tool of kind "other" with the raw name and arguments, which the merge gate judges.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { CliName, GuardrailManifest } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { CLIS } from "../src/index.ts";

const fixture = (cli: CliName, file: string) =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(`../../${cli}/test/fixtures/${file}`, import.meta.url)), "utf8"));

const merge = { owner: "acme", repo: "widgets", pullNumber: 12, merge_method: "squash" };

const watchesMcp: GuardrailManifest = {
  name: "probe",
  version: "0.0.0",
  description: "",
  bindings: [{ event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] }],
  bundle: "probe.cjs",
  timeoutSeconds: 10,
};

/** The matchers of the before-tool groups in a CLI's hooks.json for the probe (undefined: a group with none). */
function beforeToolMatchers(cli: CliName, event: string): (string | undefined)[] {
  const files = CLIS[cli].packaging.files(watchesMcp);
  const hooksFile = files.find((f) => f.path.endsWith("hooks.json"));
  if (!hooksFile) throw new Error(`${cli}: no hooks.json`);
  const parsed = JSON.parse(hooksFile.content) as Record<string, unknown>;
  const hooks = (parsed.hooks ?? parsed) as Record<string, { matcher?: string }[]>;
  return (hooks[event] ?? []).map((g) => g.matcher);
}

// Matchers taken as whole-name regular expressions, the strictest reading of each CLI's rule.
const selects = (matcher: string | undefined, name: string) =>
  matcher === undefined || new RegExp(`^(?:${matcher})$`).test(name);

describe.each([
  // [cli, fixture, hook event, the tool name hooks see, a read-only tool of the CLI's own]
  [
    "claude",
    "PreToolUse.mcp__github__merge_pull_request.json",
    "PreToolUse",
    "mcp__github__merge_pull_request",
    "Read",
  ],
  [
    "gemini",
    "AfterTool.mcp_github_merge_pull_request.json",
    "BeforeTool",
    "mcp_github_merge_pull_request",
    "read_file",
  ],
  [
    "qwen",
    "PreToolUse.mcp__github__merge_pull_request.json",
    "PreToolUse",
    "mcp__github__merge_pull_request",
    "read_file",
  ],
  ["droid", "PreToolUse.github___merge_pull_request.json", "PreToolUse", "github___merge_pull_request", "Read"],
] as const)("%s: an MCP call", (cli, file, event, name, readTool) => {
  it("is read as a tool the guardrail does not know, with its raw name and arguments", () => {
    const parsed = CLIS[cli].adapter.parse(fixture(cli, file));
    if (parsed.kind !== "before-tool" && parsed.kind !== "after-tool") throw new Error(`got ${parsed.kind}`);
    expect(parsed.tool).toMatchObject({ kind: "other", name, input: merge, filePaths: [] });
  });

  it("is selected by the hooks a guardrail watching MCP tools installs; the CLI's own read tool is not", () => {
    const matchers = beforeToolMatchers(cli, event);
    expect(
      matchers.some((m) => selects(m, name)),
      `${matchers.join(" / ")} vs ${name}`,
    ).toBe(true);
    expect(
      matchers.some((m) => selects(m, readTool)),
      `${matchers.join(" / ")} vs ${readTool}`,
    ).toBe(false);
  });
});

it("copilot, Claude Code format: the Claude Code plugin's MCP group selects <server>-<tool>", () => {
  const payload = fixture("copilot", "claude-format/PreToolUse-github-merge_pull_request.json");
  const parsed = CLIS.claude.adapter.parse(payload);
  if (parsed.kind !== "before-tool") throw new Error(`got ${parsed.kind}`);
  expect(parsed.tool).toMatchObject({ kind: "other", name: "github-merge_pull_request" });
  const matchers = beforeToolMatchers("claude", "PreToolUse");
  expect(matchers.some((m) => selects(m, "github-merge_pull_request"))).toBe(true);
  // Copilot's own tools reach a Claude-format hook under Claude Code's names.
  expect(matchers.some((m) => selects(m, "Read"))).toBe(false);
});

it("copilot: an MCP call (<server>-<tool>) reaches every hook, read as a tool of kind other", () => {
  const parsed = CLIS.copilot.adapter.parse(
    fixture("copilot", "copilot-format/preToolUse-github-merge_pull_request.json"),
  );
  if (parsed.kind !== "before-tool") throw new Error(`got ${parsed.kind}`);
  expect(parsed.tool).toMatchObject({ kind: "other", name: "github-merge_pull_request", input: merge });
});

it("cursor: beforeMCPExecution (its arguments a JSON string) is read as MCP:<tool>, on a hook of its own", () => {
  const parsed = CLIS.cursor.adapter.parse(fixture("cursor", "beforeMCPExecution.json"));
  if (parsed.kind !== "before-tool") throw new Error(`got ${parsed.kind}`);
  expect(parsed.tool).toMatchObject({ kind: "other", name: "MCP:merge_pull_request", input: merge, filePaths: [] });
  // Cursor calls beforeMCPExecution for MCP tools only: the guardrail's entry needs no matcher.
  expect(beforeToolMatchers("cursor", "beforeMCPExecution")).toEqual([undefined]);
  // Its preToolUse entry names Cursor's own tools, so the same call does not run the guardrail twice.
  expect(beforeToolMatchers("cursor", "preToolUse").some((m) => selects(m, "MCP:merge_pull_request"))).toBe(false);
});
