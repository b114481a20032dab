// MCP tools that make HTTP requests (fetch and API tools, GraphQL tools), run a forge's or git's CLI with the words
// they are given, or take what they do as an argument (`pull_request_write` with `method: "merge"`): each is read as
// the command line that does the same and judged by the shell analysis, or by its name with its operation first.
import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { requestCommand } from "../../src/mcp/tool-requests.ts";
import { classifyUnknownTool } from "../../src/unknown-tool.ts";
import { corpusFacts } from "../analysis/_corpus.ts";
import { judge, mcpCorpus, mcpFacts } from "./_mcp.ts";

const lines = mcpCorpus("corpus-requests.jsonl");

describe("corpus-requests.jsonl", () => {
  it("holds both labels", () => {
    expect(lines.filter((l) => l.label === "block").length).toBeGreaterThan(20);
    expect(lines.filter((l) => l.label === "allow").length).toBeGreaterThan(15);
  });

  it.each(lines)("$label: $tool $input", ({ label, tool, input }) => {
    const verdict = classifyUnknownTool(tool, input, mcpFacts());
    if (verdict.kind === "command") {
      const analysis = analyzeCommand(verdict.command, corpusFacts);
      expect(isBlocked(analysis) ? "block" : "allow", `${verdict.command}: ${describeFindings(analysis)}`).toBe(label);
      return;
    }
    const decision = judge(tool, input);
    expect(decision.type === "allow" ? "allow" : "block", JSON.stringify(decision)).toBe(label);
  });
});

describe("requestCommand", () => {
  it.each<[string, Record<string, unknown>, string | undefined]>([
    ["http_request", { method: "put", url: "https://h/x" }, "curl -X PUT https://h/x"],
    ["fetch", { url: "https://h/x" }, "curl -X GET https://h/x"],
    ["fetch", { url: "https://h/x", body: { a: "it's" } }, `curl -X POST https://h/x --data-raw '{"a":"it'\\''s"}'`],
    ["api", { path: "/repos/o/r/pulls/1/merge", method: "PUT" }, "curl -X PUT /repos/o/r/pulls/1/merge"],
    // A path with no HTTP method, or a method that is not HTTP's, is not a request.
    ["write_file", { path: "/repos/o/r/pulls/1/merge", content: "x" }, undefined],
    ["pull_request_write", { method: "merge", path: "/repos/o/r/pulls/1" }, undefined],
    ["graphql", { query: "mutation { x }" }, `curl -X POST /graphql --data-raw '{"query":"mutation { x }"}'`],
    ["graphql", { query: "query { x }" }, undefined],
    ["run_query", { query: "mutation { x }" }, `curl -X POST /graphql --data-raw '{"query":"mutation { x }"}'`],
    ["run_query", { query: "SELECT 'mutation'" }, undefined],
    ["git", { args: ["push", "origin", "it's main"] }, `git push origin 'it'\\''s main'`],
    ["gh_cli", { args: "pr merge 1" }, "gh pr merge 1"],
    ["gh", { command: "gh pr merge 1" }, "gh pr merge 1"],
    ["gh", { subcommand: "pr merge", args: [1] }, "gh pr merge 1"],
    ["github_cli", { args: ["pr", "merge"] }, "gh pr merge"],
    ["invoke", { program: "C:\\tools\\gh.exe", args: ["pr", "merge"] }, "gh pr merge"],
    // Not a program the gate reads, an object for arguments, or a name with more than the program.
    ["invoke", { program: "make", args: ["deploy"] }, undefined],
    ["gh", { args: { pr: 1 } }, undefined],
    ["gh", {}, undefined],
    ["git_log", { args: ["--oneline"] }, undefined],
    ["github", { args: ["pr", "merge"] }, undefined],
  ])("%s %o → %s", (tool, input, command) => {
    expect(requestCommand(tool, input)).toBe(command);
  });

  it("takes the last word for the tool's own where the server's words lead the name (Copilot CLI)", () => {
    expect(requestCommand("github_mcp_server_git", { args: ["push"] }, false)).toBe("git push");
    expect(requestCommand("github_mcp_server_git", { args: ["push"] }, true)).toBeUndefined();
    expect(requestCommand("tools_github_cli", { args: ["pr", "merge"] }, false)).toBe("gh pr merge");
    expect(classifyUnknownTool("github-mcp-server-gh", { args: ["pr", "merge", "3"] }, mcpFacts())).toEqual({
      kind: "command",
      command: "gh pr merge 3",
    });
  });
});
