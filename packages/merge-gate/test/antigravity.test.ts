// The merge gate in Antigravity CLI, run as its shipped hooks.json runs it (the event as the command's argument),
// on agy's payloads as published (packages/antigravity/test/fixtures) and the answer rules in cli-rules.ts. agy
// ignores exit codes, so every answer, a block of an unreadable event included, is a decision on stdout.
import { bundlePath, cliRunsTool, copyHook, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const gate = (payload: unknown, cwd: string) =>
  runBundle(bundlePath("merge-gate", "antigravity"), JSON.stringify(payload), { args: ["PreToolUse"], cwd });

describe("merge gate in antigravity", () => {
  it.each([
    ["gh pr merge 12 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 12 --squash", true],
    ["git status", true],
  ])("%s runs: %s", async (command, runs) => {
    const repo = gitRepo();
    const base = hookPayload("antigravity", "PreToolUse.run_command.json", { cwd: repo.dir, sessionId: "s" });
    const payload = { ...base, toolCall: { name: "run_command", args: { CommandLine: command, Cwd: repo.dir } } };
    const answer = await gate(payload, repo.dir);
    expect(cliRunsTool("antigravity", answer), answer.stdout + answer.stderr).toBe(runs);
    expect(answer.json).toMatchObject(
      runs ? { decision: "allow" } : { decision: "deny", reason: expect.stringMatching(/merge-gate/) },
    );
  });

  it("blocks an edit of agy's own hooks.json", async () => {
    const repo = gitRepo();
    const base = hookPayload("antigravity", "PreToolUse.write_to_file.json", { cwd: repo.dir, sessionId: "s" });
    const payload = {
      ...base,
      toolCall: { name: "write_to_file", args: { TargetFile: `${repo.dir}/.agents/hooks.json`, CodeContent: "{}" } },
    };
    const answer = await gate(payload, repo.dir);
    expect(cliRunsTool("antigravity", answer)).toBe(false);
    expect(answer.json).toMatchObject({ decision: "deny", reason: expect.stringMatching(/Antigravity CLI hooks/) });
  });

  it("answers an event it cannot read with a deny on stdout", async () => {
    const answer = await runBundle(bundlePath("merge-gate", "antigravity"), "{", { args: ["PreToolUse"] });
    expect(cliRunsTool("antigravity", answer)).toBe(false);
    expect(answer.exitCode).toBe(0);
    expect(answer.json).toMatchObject({ decision: "deny", reason: expect.stringMatching(/merge-gate: blocked/) });
  });

  it("answers with a deny on stdout when its shipped file is damaged and the bundle cannot start", async () => {
    const copy = copyHook(bundlePath("merge-gate", "antigravity"), tempDir(), (bundle) => bundle.slice(0, -2000));
    const answer = await runBundle(copy, "{}", { args: ["PreToolUse"] });
    expect(cliRunsTool("antigravity", answer)).toBe(false);
    expect(answer.exitCode).toBe(0);
    expect(answer.json).toMatchObject({ decision: "deny", reason: expect.stringMatching(/could not start/) });
  });
});
