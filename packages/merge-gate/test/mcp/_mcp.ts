// The MCP corpora (corpus-*.jsonl: tool calls as a CLI names them, labelled) and the facts they are judged with.
import { readFileSync } from "node:fs";
import type { Decision } from "@hookrail/core";
import type { McpFacts } from "../../src/mcp/classify.ts";
import { type McpApprovals, mcpDecision } from "../../src/mcp/decide.ts";
import type { ApprovalMode } from "../../src/options.ts";
import { classifyUnknownTool } from "../../src/unknown-tool.ts";

export interface McpLine {
  label: "block" | "allow";
  tool: string;
  input: Record<string, unknown>;
}

export const mcpCorpus = (file: string): McpLine[] =>
  readFileSync(new URL(file, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as McpLine);

// The checkouts the git corpus names: /repo on feature/x, a main worktree, a release checkout, a detached one;
// any other folder cannot be told.
const CHECKOUTS: Record<string, string | null> = {
  "/repo": "feature/x",
  "/repo/main-wt": "main",
  "/srv/release": "release/1.0",
  "/tmp/detached": null,
};

export const mcpFacts = (review = false): McpFacts => ({
  protectedBranches: ["main", "master", "release/*"],
  cwd: "/repo",
  review,
  branchAt: (dir) => (Object.hasOwn(CHECKOUTS, dir) ? (CHECKOUTS[dir] as string | null) : undefined),
});

/** The gate's decision on one call, without I/O: the approvals are given. */
export function judge(
  tool: string,
  input: unknown,
  approval: ApprovalMode = "marker",
  given: McpApprovals = {},
  approvers: string[] = [],
): Decision {
  const verdict = classifyUnknownTool(tool, input, mcpFacts(approval === "review"));
  if (verdict.kind === "runs") return { type: "deny", reason: `runs: ${verdict.why}` };
  if (verdict.kind === "command") return { type: "deny", reason: `a command: ${verdict.command}` };
  if (verdict.kind === "inert") return { type: "allow" };
  return mcpDecision(tool, verdict.judged, { approval, approvers }, given);
}
