// The cells' MCP server, spoken to over stdio as a CLI does, and how a mock finds a CLI's name for its tools.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { mcpServerCommand, offeredMcpName, readMcpCalls } from "../mcp.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Sends each request as one line and collects the answers, by id. */
async function talk(record: string, requests: Record<string, unknown>[]): Promise<Map<unknown, unknown>> {
  const { command, args } = mcpServerCommand(record);
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
  const answers = new Map<unknown, unknown>();
  const expected = requests.filter((r) => r.id !== undefined).length;
  const done = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      const message = JSON.parse(line) as { id?: unknown };
      answers.set(message.id, message);
      if (answers.size === expected) resolve();
    });
  });
  for (const r of requests) child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...r })}\n`);
  await done;
  child.kill();
  return answers;
}

describe("the MCP server", () => {
  it("initializes, lists GitHub-shaped tools, and records each call it answers", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-server-"));
    dirs.push(dir);
    const record = path.join(dir, "calls.jsonl");
    const answers = await talk(record, [
      { id: 1, method: "initialize", params: { protocolVersion: "2025-06-18" } },
      { method: "notifications/initialized" },
      { id: 2, method: "tools/list" },
      { id: 3, method: "tools/call", params: { name: "merge_pull_request", arguments: { pullNumber: 12 } } },
      { id: 4, method: "tools/call", params: { name: "no_such_tool", arguments: {} } },
    ]);
    expect(answers.get(1)).toMatchObject({ result: { protocolVersion: "2025-06-18", capabilities: { tools: {} } } });
    const tools = (answers.get(2) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(["merge_pull_request", "create_or_update_file", "get_pull_request"]));
    expect(answers.get(3)).toMatchObject({ result: { isError: false } });
    expect(answers.get(4)).toMatchObject({ error: { code: -32602 } });
    expect(readMcpCalls(record).map((c) => [c.tool, c.args])).toEqual([["merge_pull_request", { pullNumber: 12 }]]);
  });
});

describe("offeredMcpName", () => {
  it.each([
    [["Bash", "mcp__github__merge_pull_request"], "mcp__github__merge_pull_request"],
    [["bash", "github_merge_pull_request", "github_get_pull_request"], "github_merge_pull_request"],
    [["github-merge_pull_request"], "github-merge_pull_request"],
    [["github___merge_pull_request"], "github___merge_pull_request"],
    [["merge_pull_request"], "merge_pull_request"],
    // Not a tool of the server: a name that only ends the same way.
    [["automerge_pull_request"], "mcp__github__merge_pull_request"],
    [[], "mcp__github__merge_pull_request"],
  ])("%j → %s", (offered, name) => {
    expect(offeredMcpName(offered, "merge_pull_request")).toBe(name);
  });
});
