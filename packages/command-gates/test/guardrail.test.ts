// The command gates through the hook runtime, in every CLI's own form: blocked, approved, unknown → blocked,
// the user's approvals in mode user, config problems told to the user, and what it cannot read blocks.
import { CLIS } from "@hookrail/clis";
import type { Adapter } from "@hookrail/core";
import { cliRunsTool } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { claudeTool, prompt, shell, world } from "./_hook.ts";

// Each CLI's adapter, through the one list of CLIs.
const claudeAdapter = CLIS.claude.adapter;
const codexAdapter = CLIS.codex.adapter;
const copilotAdapter = CLIS.copilot.adapter;
const geminiAdapter = CLIS.gemini.adapter;

const ADAPTERS: Adapter[] = [claudeAdapter, geminiAdapter, codexAdapter, copilotAdapter];
const GATES = [
  { name: "publish", commands: ["npm publish", "pnpm publish"], marker: "PUBLISH_APPROVED", reason: "Ask the owner." },
  { name: "infra", commands: ["terraform apply"], approval: "user" },
];

describe.each(ADAPTERS)("command gates in $cli", (adapter) => {
  const cli = adapter.cli;
  const run = async (w: ReturnType<typeof world>, command: string) => {
    const { payload, args } = shell(cli, command, w.dir);
    return w.send(adapter, payload, args);
  };

  it.each([
    ["npm publish", false],
    ["PUBLISH_APPROVED=1 npm publish", true],
    ["npm $(cat args)", false],
    ["cd pkg && bash -c 'pnpm publish'", false],
    ["npm test && git status", true],
  ])("%s → runs: %s", async (command, runs) => {
    const answer = await run(world(GATES), command);
    expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(runs);
    if (!runs) expect(`${answer.stdout}${answer.stderr}`).toContain("command-gates: blocked");
  });

  it("gives the model the gate's reason and its marker", async () => {
    const answer = await run(world(GATES), "npm publish");
    expect(`${answer.stdout}${answer.stderr}`).toContain("Ask the owner.");
    expect(`${answer.stdout}${answer.stderr}`).toContain("PUBLISH_APPROVED=1 npm publish");
  });

  it("mode user: the user's `approve infra` lets the marked command run once; the marker alone does not", async () => {
    const w = world(GATES);
    expect(cliRunsTool(cli, await run(w, "INFRA_APPROVED=1 terraform apply"))).toBe(false);
    const p = prompt(cli, "looks good\napprove infra", w.dir);
    const noted = await w.send(adapter, p.payload, p.args);
    expect(noted.exitCode).toBe(0);
    expect(cliRunsTool(cli, await run(w, "INFRA_APPROVED=1 terraform apply"))).toBe(true);
    expect(cliRunsTool(cli, await run(w, "INFRA_APPROVED=1 terraform apply"))).toBe(false);
  });

  it("mode user: the agent running the gates' own hook is blocked", async () => {
    const answer = await run(world(GATES), "echo '{}' | node ~/.claude/plugins/x/hooks/command-gates.cjs");
    expect(cliRunsTool(cli, answer)).toBe(false);
  });

  it("tells the user about a broken entry at the next prompt, and still applies every valid one", async () => {
    const w = world([...GATES, { name: "broad", commands: ["git"] }], { "command-gates": [{ name: 7 }] });
    const p = prompt(cli, "carry on", w.dir);
    const told = await w.send(adapter, p.payload, p.args);
    expect(cliRunsTool(cli, told)).toBe(true);
    const said = `${told.stdout}${told.stderr}`;
    expect(said).toContain('entry 3 (\\"broad\\"): pattern \\"git\\" refused');
    expect(said).toContain(".hookrail/config.json");
    // Told once per session: the same session's next calls do not repeat it.
    expect(`${(await run(w, "npm test")).stdout}`).not.toContain("refused");
    // A session not told yet: a line that could matter to a gate reads every entry; a plain one reads none.
    const fresh = world([...GATES, { name: "broad", commands: ["git"] }], { "command-gates": [{ name: 7 }] });
    expect(await run(fresh, "ls")).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    expect(`${(await run(fresh, "npm test")).stdout}`).toContain("refused");
    expect(cliRunsTool(cli, await run(w, "npm publish"))).toBe(false);
  });

  it("says nothing without gates, and blocks input it cannot read", async () => {
    const none = world([]);
    expect(await run(none, "npm publish")).toEqual({ exitCode: 0, stdout: "", stderr: "" });
    const broken = await world(GATES).send(
      adapter,
      { hook_event_name: 7 } as Record<string, unknown>,
      cli === "copilot" ? ["preToolUse"] : [],
    );
    expect(cliRunsTool(cli, broken)).toBe(false);
  });
});

describe("command gates on what else runs commands (Claude Code)", () => {
  const denied = (answer: { stdout: string; stderr: string }) =>
    !cliRunsTool("claude", answer as Parameters<typeof cliRunsTool>[1]);

  it.each([
    [
      "PowerShell",
      { command: "foreach ($p in 'web','api') { Push-Location \"packages/$p\"; npm test; Pop-Location }" },
      false,
    ],
    ["PowerShell", { command: "npm publish" }, true],
    ["PowerShell", { command: "$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED" }, false],
    ["mcp__desktop-commander__start_process", { command: "npx -y npm@10 publish", timeout_ms: 1000 }, true],
    ["mcp__desktop-commander__start_process", { command: "npm publish --dry-run", timeout_ms: 1000 }, false],
    ["mcp__terminal__run_command", { command: "pnpm publish", cwd: "pkg" }, true],
    ["mcp__github__get_issue", { issue_number: 1 }, false],
  ])("%s %j → blocked: %s", async (name, input, blocked) => {
    const w = world(GATES);
    const answer = await w.send(claudeAdapter, claudeTool(name, input, w.dir));
    expect(denied(answer), JSON.stringify(answer)).toBe(blocked);
  });

  it("reads the commands after the config's wrappers", async () => {
    const w = world(GATES, undefined, { wrappers: ["with-env"] });
    expect(denied(await w.send(claudeAdapter, shell("claude", "with-env npm publish", w.dir).payload))).toBe(true);
    expect(denied(await w.send(claudeAdapter, shell("claude", "with-env npm test", w.dir).payload))).toBe(false);
    const plain = world(GATES);
    expect(denied(await plain.send(claudeAdapter, shell("claude", "with-env npm publish", plain.dir).payload))).toBe(
      false,
    );
  });
});

describe("command gates on MCP tool calls (Claude Code's mcp__<server>__<tool>)", () => {
  const mcp = (dir: string, tool: string, input: Record<string, unknown>) => ({
    session_id: "s",
    cwd: dir,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
    mcp_server: { name: tool.split("__")[1], source: "dynamic" },
  });
  it.each([
    ["mcp__shell__run_command", { command: "npm publish" }, false],
    ["mcp__shell__run_command", { command: "PUBLISH_APPROVED=1 npm publish" }, true],
    ["mcp__shell__run_command", { command: "npm test" }, true],
    ["mcp__github__get_pull_request", { owner: "acme", repo: "widgets", pullNumber: 12 }, true],
  ])("%s %j → runs: %s", async (tool, input, runs) => {
    const w = world(GATES);
    const answer = await w.send(claudeAdapter, mcp(w.dir, tool, input), []);
    expect(cliRunsTool("claude", answer), JSON.stringify(answer)).toBe(runs);
  });
});
