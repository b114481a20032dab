// merge-gate × MCP tools: the run's own MCP server (src/mock/mcp-server.mjs) offers GitHub-MCP-shaped tools and
// records every call it receives. A merge and a write to main through it must never reach it (also as a
// `pull_request_write` given `method: "merge"`, as an HTTP tool's PUT to the merge route and as a browser's click on
// the merge button); reading, listing and opening a pull request against main must. Every CLI whose hooks see MCP calls has a row (docs/cli-differences.md,
// "MCP tools", says which do not and why). Cline's refusal of an MCP call ends the run, so its rows differ.
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { describeCall } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { CliName } from "../../src/clis.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const repo = { owner: "acme", repo: "widgets" };
const scenario: Scenario = {
  prompt: "Check PR 12, merge it, fix the README on main, then open a PR from feature and list the CI runs.",
  steps: [
    { kind: "mcp", tool: "get_pull_request", args: { ...repo, pullNumber: 12 } },
    { kind: "mcp", tool: "merge_pull_request", args: { ...repo, pullNumber: 12, merge_method: "squash" } },
    {
      kind: "mcp",
      tool: "create_or_update_file",
      args: { ...repo, path: "README.md", content: "# widgets\n", message: "docs", branch: "main", sha: "abc123" },
    },
    {
      kind: "mcp",
      tool: "create_pull_request",
      args: { ...repo, title: "Add widgets", head: "feature", base: "main", body: "Adds widgets." },
    },
    { kind: "mcp", tool: "list_workflow_runs", args: repo },
    // The operation as an argument, and a request as an HTTP tool sends it: read for what they do.
    { kind: "mcp", tool: "pull_request_write", args: { ...repo, method: "merge", pullNumber: 12 } },
    {
      kind: "mcp",
      tool: "http_request",
      args: { method: "PUT", url: "https://api.github.com/repos/acme/widgets/pulls/12/merge" },
    },
    // The forge's merge button, clicked through a browser server.
    { kind: "mcp", tool: "browser_click", args: { element: "Merge pull request button", ref: "e42" } },
  ],
};

const reached = (r: RunReport) => r.mcpCalls.map((c) => c.tool);
/** The report of the scripted call to the server's `tool`. */
const mcpCall = (r: RunReport, tool: string) => {
  const found = r.calls.find((c) => c.step.kind === "mcp" && c.step.tool === tool);
  if (!found) throw new Error(`no call of ${tool} in the report`);
  return found;
};

const MERGES = ["merge_pull_request", "create_or_update_file", "pull_request_write", "http_request", "browser_click"];

const cells: Cell[] = [
  {
    name: "get_pull_request, create_pull_request (base main) and list_workflow_runs reach the MCP server",
    check(r) {
      expect(reached(r), "the calls the MCP server received").toEqual([
        "get_pull_request",
        "create_pull_request",
        "list_workflow_runs",
      ]);
      for (const tool of ["get_pull_request", "create_pull_request", "list_workflow_runs"])
        expect(mcpCall(r, tool).executed, describeCall(mcpCall(r, tool))).toBe(true);
    },
  },
  {
    name: "merge_pull_request, create_or_update_file on main, pull_request_write (merge), an HTTP PUT to the merge route and a click on the merge button are blocked before the MCP server",
    check(r) {
      for (const tool of MERGES) {
        const c = mcpCall(r, tool);
        expect(c.executed, describeCall(c)).toBe(false);
        expect(c.feedback ?? "", describeCall(c)).toMatch(/merge-gate: blocked/);
      }
      for (const tool of MERGES) expect(reached(r)).not.toContain(tool);
    },
  },
];

// Droid connects its MCP servers while the session starts and offers their tools from a later request on: a shell
// call comes first there. Codex offers MCP tools only through its tool_search, whose answer loads them.
const afterAShellCall: Scenario = { ...scenario, steps: [{ kind: "shell", command: "git status" }, ...scenario.steps] };
const searched: Scenario = {
  ...scenario,
  steps: [
    { kind: "tool-search", query: "github pull request merge file workflow http request browser click" },
    ...scenario.steps,
  ],
};
const FIRST: Partial<Record<CliName, Scenario>> = { droid: afterAShellCall, codex: searched };
const CLIS: CliName[] = ["claude", "gemini", "codex", "copilot", "qwen", "droid", "opencode", "kilo", "kimi", "auggie"];

// Cline (measured, 3.0.65): an MCP tool sends whatever input a hook puts in its place (`overrideInput`) to its
// server, so the gate refuses one with `cancel`, which ends the run, and the model is told nothing. One run per
// refusal, each followed by a call that never comes; the reads go first in the first run.
const step = (tool: string) => {
  const found = scenario.steps.find((s) => s.kind === "mcp" && s.tool === tool);
  if (!found) throw new Error(`no step ${tool}`);
  return found;
};
const after = { kind: "mcp", tool: "search_code", args: { query: "widgets" } } as const;
const clineReadsThenMerge: Scenario = {
  ...scenario,
  steps: [...["get_pull_request", "create_pull_request", "list_workflow_runs", "merge_pull_request"].map(step), after],
};
const clineWriteOnMain: Scenario = { ...scenario, steps: [step("create_or_update_file"), after] };
const endsTheRun = (tool: string): Cell => ({
  name: `${tool} is blocked before the MCP server, and the run ends there (cancel): the next call never comes`,
  check(r) {
    const c = mcpCall(r, tool);
    expect(c.executed, describeCall(c)).toBe(false);
    expect(reached(r)).not.toContain(tool);
    expect(c.feedback, `the model was answered: ${describeCall(c)}`).toBeNull();
    expect(mcpCall(r, "search_code").feedback, "the run went on after the refusal").toBeNull();
    expect(r.stdout).toMatch(/"finishReason":"aborted"/);
  },
});
const clineRows: CellRow[] = [
  {
    cli: "cline",
    variant: "the reads, then a merge",
    scenario: clineReadsThenMerge,
    cells: [cells[0] as Cell, endsTheRun("merge_pull_request")],
  },
  {
    cli: "cline",
    variant: "a write on main",
    scenario: clineWriteOnMain,
    cells: [endsTheRun("create_or_update_file")],
  },
];

const rows: CellRow[] = [
  ...CLIS.map((cli): CellRow => ({ cli, scenario: FIRST[cli] ?? scenario, cells })),
  { cli: "copilot", scenario, cells, packaging: "claude-plugin", variant: "Claude Code plugin" },
  ...clineRows,
];
defineCells(repoSource("merge-gate"), rows, "merge-gate-mcp");
