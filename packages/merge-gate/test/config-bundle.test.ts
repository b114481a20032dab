// The shipped Claude Code bundle under a project's .hookrail/config.json: what it adds is used, and the user
// hears about a refused setting once per session, about a config that only adds nothing at all.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const file = bundlePath("merge-gate", "claude");

function project(config: unknown) {
  const repo = gitRepo();
  mkdirSync(join(repo.dir, ".hookrail"));
  writeFileSync(join(repo.dir, ".hookrail", "config.json"), JSON.stringify(config));
  const home = tempDir();
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, "config"), HOOKRAIL_STATE_DIR: join(home, "state") };
  const run = (command: string, session = "s1") =>
    runBundle(
      file,
      JSON.stringify({
        session_id: session,
        transcript_path: "/t.jsonl",
        cwd: repo.dir,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
      }),
      { env },
    );
  return { run };
}

describe("a project's .hookrail/config.json", () => {
  it("that only adds a protected branch says nothing, on any call", async () => {
    const { run } = project({ protectedBranches: ["release/*"] });
    for (const command of ["ls -la", "git status", "npm test && git diff"]) {
      expect((await run(command)).stdout).toBe("");
    }
    expect(cliRunsTool("claude", await run("git push origin release/1.2"))).toBe(false);
  });

  it("that tries to turn the gate off is told once per session", async () => {
    const { run } = project({ "merge-gate": { enabled: false } });
    const first = await run("ls -la");
    expect(first.json?.systemMessage).toMatch(/"merge-gate.enabled": false ignored/);
    expect((await run("ls -la")).stdout).toBe("");
    expect((await run("git log")).stdout).toBe("");
    expect((await run("ls", "s2")).json?.systemMessage).toMatch(/ignored/);
    expect(cliRunsTool("claude", await run("gh pr merge 12"))).toBe(false);
  });

  it("may add wrappers: the command after a listed wrapper's words is checked", async () => {
    const { run } = project({ wrappers: ["box run"] });
    const blocked = await run("box run --profile ci git push origin main");
    expect(cliRunsTool("claude", blocked)).toBe(false);
    expect(blocked.stdout).toContain("pushes to protected branch main");
    expect((await run("box run --profile ci git push origin feature/x")).stdout).toBe("");
    expect((await run("box run git status")).stdout).toBe("");
  });
});
