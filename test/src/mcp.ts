// The cells' MCP server (src/mock/mcp-server.mjs): how a runner starts it and reads what reached it, and how a mock
// finds the CLI's own name for one of its tools among the tools a request offers.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Scenario } from "./scenario.ts";

/** The server's name in every CLI's config: tools are offered as mcp__github__merge_pull_request, github_…, … */
export const MCP_SERVER = "github";

const SERVER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "mock", "mcp-server.mjs");

/** One tools/call the server received. */
export interface McpCall {
  tool: string;
  args: Record<string, unknown>;
  /** Date.now() when it arrived. */
  t: number;
}

/** Whether a scenario calls an MCP tool (its runner then configures the server). */
export const usesMcp = (scenario: Scenario): boolean => scenario.steps.some((s) => s.kind === "mcp");

/** The stdio server's command line, recording into `record`: node by its path (a run may take node off PATH). */
export function mcpServerCommand(record: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [SERVER_SCRIPT, "--record", record, "--name", MCP_SERVER] };
}

export function readMcpCalls(record: string): McpCall[] {
  if (!fs.existsSync(record)) return [];
  return fs
    .readFileSync(record, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as McpCall);
}

/**
 * The name a CLI offers the server's `tool` under (`mcp__github__merge_pull_request`, `github_merge_pull_request`,
 * `github-merge_pull_request`…): the offered name that is the tool's or ends with it after a separator. A CLI
 * that offers none gets Claude Code's form, which its hooks then see as a call to a tool it does not have.
 */
export function offeredMcpName(offered: readonly string[], tool: string): string {
  const hit =
    offered.find((name) => name === tool) ??
    offered.find((name) => name.endsWith(tool) && /[_\-.:/]$/.test(name.slice(0, -tool.length)));
  return hit ?? `mcp__${MCP_SERVER}__${tool}`;
}

/** Every tool name in a request's `tools` (chat completions' `function.name`, Gemini's `functionDeclarations`…). */
export function offeredToolNames(tools: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (k === "name" && typeof x === "string") out.push(x);
        else if (k !== "parameters" && k !== "input_schema" && k !== "inputSchema") walk(x);
      }
    }
  };
  walk(tools);
  return out;
}
