// Labelled MCP tool calls of each kind of forge server: merges (auto-merge turned on included), protected-branch
// writes, lock changes and merge-bot comments block; reads, proposals, feature-branch work and prose run (approval
// mode marker). corpus-ui.jsonl: clicks through a browser or app server on a forge page, and what browser tools run.
import { describe, expect, it } from "vitest";
import { judge, mcpCorpus } from "./_mcp.ts";

const FILES = [
  "corpus-github.jsonl",
  "corpus-gitlab.jsonl",
  "corpus-azure.jsonl",
  "corpus-git.jsonl",
  "corpus-ui.jsonl",
];

describe.each(FILES)("%s", (file) => {
  const lines = mcpCorpus(file);

  it("holds both labels and at least 40 lines", () => {
    expect(lines.length).toBeGreaterThanOrEqual(40);
    expect(lines.filter((l) => l.label === "block").length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.label === "allow").length).toBeGreaterThan(10);
  });

  it.each(lines)("$label: $tool $input", ({ label, tool, input }) => {
    const decision = judge(tool, input);
    const why = decision.type === "deny" ? decision.reason : JSON.stringify(decision);
    expect(decision.type === "allow" ? "allow" : "block", why).toBe(label);
  });
});
