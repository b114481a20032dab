// Approval mode review through the shipped bundles, as each CLI runs them, with a fake `gh` first on PATH that
// answers `gh pr view` the way GitHub does: only an approval of the head commit with passing checks lets the
// marked merge run, and the bundle asks GitHub only for such a merge.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  bundlePath,
  cliRunsTool,
  type FakeGhAnswer,
  type FakePullRequest,
  GH_OFFLINE,
  runBundle,
  sha,
  tempDir,
  writeFakeGh,
} from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const CLIS = ["claude", "gemini", "codex", "copilot"];
const HEAD = sha("head");
const approved = (n: number, changes: Partial<FakePullRequest> = {}): FakeGhAnswer => ({
  pr: {
    number: n,
    head: HEAD,
    reviewDecision: "APPROVED",
    reviews: [{ login: "alice", state: "APPROVED", commit: HEAD }],
    checks: [{ name: "test" }],
    ...changes,
  },
});
const ANSWERS: Record<string, FakeGhAnswer> = {
  "12": approved(12),
  "13": approved(13, {
    reviewDecision: "CHANGES_REQUESTED",
    reviews: [{ login: "bob", state: "CHANGES_REQUESTED", commit: HEAD }],
  }),
  "14": approved(14, { reviews: [{ login: "alice", state: "APPROVED", commit: sha("older") }] }),
  "15": approved(15, { checks: [{ name: "test", conclusion: "FAILURE" }] }),
  "16": { fail: GH_OFFLINE },
};

function world() {
  const home = tempDir("hookrail-review-");
  mkdirSync(join(home, "config", "hookrail"), { recursive: true });
  const config = { "merge-gate": { approval: "review", approvers: ["alice"] } };
  writeFileSync(join(home, "config", "hookrail", "config.json"), JSON.stringify(config));
  const log = join(home, "gh-calls.jsonl");
  writeFakeGh(join(home, "bin"), log, ANSWERS);
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    PATH: `${join(home, "bin")}:${process.env.PATH ?? ""}`,
  };
  const calls = () =>
    (existsSync(log) ? readFileSync(log, "utf8") : "")
      .split("\n")
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { argv: string[] }).argv.join(" "));
  return { home, env, calls };
}

function payload(cli: string, command: string, cwd: string): { input: string; args: string[] } {
  if (cli === "copilot") {
    return {
      input: JSON.stringify({ sessionId: "s1", timestamp: 1, cwd, toolName: "bash", toolArgs: { command } }),
      args: ["preToolUse"],
    };
  }
  const [event, tool] = cli === "gemini" ? ["BeforeTool", "run_shell_command"] : ["PreToolUse", "Bash"];
  const body = {
    session_id: "s1",
    transcript_path: "/t",
    cwd,
    hook_event_name: event,
    tool_name: tool,
    tool_input: { command },
  };
  return { input: JSON.stringify(body), args: [] };
}

describe.each(CLIS)("approval mode review, %s bundle", (cli) => {
  const file = bundlePath("merge-gate", cli);

  it.each([
    ["MERGE_APPROVED=1 gh pr merge 12 --squash", true],
    ["MERGE_APPROVED=1 gh pr merge 13 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 14 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 15 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 16 --squash", false],
    ["gh pr merge 12", false],
    ["gh pr review 12 --approve", false],
  ])("%s → runs: %s", async (command, runs) => {
    const w = world();
    const { input, args } = payload(cli, command, w.home);
    const answer = await runBundle(file, input, { env: w.env, args });
    expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(runs);
    // GitHub is asked once, and only for a marked merge.
    const asked = command.startsWith("MERGE_APPROVED=1") ? 1 : 0;
    expect(w.calls().filter((c) => c.startsWith("pr view"))).toHaveLength(asked);
  });

  it("tells the model what GitHub answered", async () => {
    const w = world();
    const { input, args } = payload(cli, "MERGE_APPROVED=1 gh pr merge 14", w.home);
    const answer = await runBundle(file, input, { env: w.env, args });
    expect(`${answer.stdout}${answer.stderr}`).toContain("not for the head 6865616 (new commits since the approval)");
  });
});
