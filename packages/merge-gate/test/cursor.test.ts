// The merge gate in Cursor, run as its shipped hooks.json runs it: Cursor's payloads (transcribed from its
// documentation and published captures: packages/cursor/test/fixtures) and the answer rules in cli-rules.ts.
// Cursor must not run the merge, and every answer is explicit JSON (its gate entries are failClosed).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  bundlePath,
  cliRunsTool,
  copyHook,
  gitRepo,
  hookPayload,
  repoRoot,
  runBundle,
  tempDir,
} from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const run = async (fixture: string, fields: Record<string, unknown>) => {
  const repo = gitRepo();
  const payload = hookPayload("cursor", fixture, { cwd: repo.dir, sessionId: "s" }, fields);
  return {
    repo,
    answer: await runBundle(bundlePath("merge-gate", "cursor"), JSON.stringify(payload), { cwd: repo.dir }),
  };
};

describe("merge gate in cursor", () => {
  it.each([
    ["preToolUse.Shell.json", (command: string) => ({ tool_input: { command, cwd: "", timeout: 30000 } })],
    // Not bound by the merge gate's hooks.json (preToolUse covers the shell), but read the same when it arrives.
    ["beforeShellExecution.json", (command: string) => ({ command })],
  ] as const)("%s", async (fixture, input) => {
    for (const [command, runs] of [
      ["gh pr merge 12 --squash", false],
      ["MERGE_APPROVED=1 gh pr merge 12 --squash", true],
      ["git status", true],
    ] as const) {
      const { answer } = await run(fixture, input(command));
      expect(cliRunsTool("cursor", answer), `${command}: ${answer.stdout}${answer.stderr}`).toBe(runs);
      expect(answer.exitCode).toBe(0);
      if (runs) expect(answer.json).toEqual({ permission: "allow" });
      else
        expect(answer.json).toMatchObject({ permission: "deny", agent_message: expect.stringMatching(/merge-gate/) });
    }
  });

  // beforeMCPExecution: the tool's bare name, its arguments a JSON string (Cursor's reference), an object tolerated.
  it.each<[string, Record<string, unknown>, boolean]>([
    ["merge_pull_request", { owner: "o", repo: "r", pullNumber: 12 }, false],
    ["merge_pull_request", { owner: "o", repo: "r", pullNumber: 12, commit_message: "MERGE_APPROVED=1 ok" }, true],
    ["get_pull_request", { owner: "o", repo: "r", pullNumber: 12 }, true],
    ["push_files", { owner: "o", repo: "r", branch: "main", files: [], message: "m" }, false],
    ["create_pull_request", { owner: "o", repo: "r", title: "t", head: "feature/x", base: "main" }, true],
  ])("beforeMCPExecution %s %o runs: %s", async (tool, args, runs) => {
    for (const toolInput of [JSON.stringify(args), args]) {
      const { answer } = await run("beforeMCPExecution.json", { tool_name: tool, tool_input: toolInput });
      expect(cliRunsTool("cursor", answer), `${tool}: ${answer.stdout}${answer.stderr}`).toBe(runs);
      expect(answer.exitCode).toBe(0);
      if (runs) expect(answer.json).toEqual({ permission: "allow" });
      else
        expect(answer.json).toMatchObject({
          permission: "deny",
          agent_message: expect.stringMatching(/merge-gate/),
          user_message: expect.stringMatching(/merge-gate/),
        });
    }
  });

  it("is on beforeMCPExecution for every MCP call, failClosed", () => {
    const hooks = JSON.parse(readFileSync(join(repoRoot, "plugins/merge-gate/cursor/hooks.json"), "utf8"));
    expect(hooks.hooks.beforeMCPExecution).toEqual([
      { type: "command", command: expect.stringMatching(/merge-gate\.cjs/), timeout: 10, failClosed: true },
    ]);
  });

  it("blocks a Write to Cursor's own hooks.json", async () => {
    const { answer } = await run("preToolUse.Read.json", {
      tool_name: "Write",
      tool_input: { file_path: ".cursor/hooks.json" },
    });
    expect(cliRunsTool("cursor", answer)).toBe(false);
    expect(answer.json).toMatchObject({ user_message: expect.stringMatching(/Cursor's hook registrations/) });
  });

  it("is matched to the tools it guards, so Cursor never calls it for a Read (an unknown tool would be blocked)", () => {
    const hooks = JSON.parse(readFileSync(join(repoRoot, "plugins/merge-gate/cursor/hooks.json"), "utf8"));
    expect(hooks.hooks.preToolUse).toEqual([
      expect.objectContaining({ matcher: "Shell|Write|StrReplace", failClosed: true }),
    ]);
  });

  it("blocks an event it cannot read with exit 2", async () => {
    const answer = await runBundle(bundlePath("merge-gate", "cursor"), "{", {});
    expect(cliRunsTool("cursor", answer)).toBe(false);
    expect(answer).toMatchObject({ exitCode: 2, stdout: "" });
  });

  it("blocks with exit 2 when its shipped file is damaged and the bundle cannot start", async () => {
    const copy = copyHook(bundlePath("merge-gate", "cursor"), tempDir(), (bundle) => bundle.slice(0, -2000));
    const answer = await runBundle(copy, "{}", {});
    expect(cliRunsTool("cursor", answer)).toBe(false);
    expect(answer).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/could not start/) });
  });
});
