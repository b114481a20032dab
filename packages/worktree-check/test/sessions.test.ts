// Sessions sharing checkouts: who is live where, per CLI, and the record branch-drift reads.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { branchDrift } from "@hookrail/branch-drift";
import { runHook } from "@hookrail/core";
import { gitEnv, gitRepo, hookPayload, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { ADAPTERS, end, hookEnv, start, T0 } from "./helpers.ts";

const MINUTE = 60_000;

describe.each(["claude", "gemini", "codex", "qwen", "droid"] as const)("%s", (cli) => {
  it("delivers the note as SessionStart context plus a one-line user message", async () => {
    const repo = gitRepo();
    const answer = await start(repo.dir, { cli, env: hookEnv() });
    expect(answer.exitCode).toBe(0);
    expect(JSON.parse(answer.stdout).hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(answer.context).toMatch(/^worktree-check: the checkout this session works in\n/);
    expect(answer.userMessage).toMatch(/^worktree-check: main in .*: open a separate worktree first$/);
  });

  it("tells a second session about the first, until the first ends", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "feature");
    repo.git("worktree", "add", "-q", "-b", "feature", linked);
    const env = hookEnv();
    expect((await start(linked, { cli, env, sessionId: "first-session" })).verdict).toMatch(/^you can work/);
    const second = await start(linked, { cli, env, sessionId: "second-session", now: T0 + 5 * MINUTE });
    expect(second.context).toContain(
      "- other live sessions in this checkout: session first-se (feature, last active 5 min ago)",
    );
    expect(second.verdict).toMatch(/^open a separate worktree first: 1 other live session works in this checkout/);
    expect(await end(linked, { cli, env, sessionId: "first-session" })).toBe("");
    expect((await start(linked, { cli, env, sessionId: "third-session" })).context).toContain(
      "- other live sessions in this checkout: session second-",
    );
  });
});

describe("live sessions", () => {
  it("a session not heard of within the live window (2 h by default, configurable) is not live", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "feature");
    repo.git("worktree", "add", "-q", "-b", "feature", linked);
    const env = hookEnv();
    await start(linked, { env, sessionId: "old" });
    const later = await start(linked, { env, sessionId: "new", now: T0 + 121 * MINUTE });
    expect(later.context).toContain("- other live sessions in this checkout: none");
    writeFileSync(env.HOOKRAIL_CONFIG, JSON.stringify({ "worktree-check": { liveSessionMinutes: 600 } }));
    expect((await start(linked, { env, sessionId: "newer", now: T0 + 121 * MINUTE })).context).toContain("session old");
  });

  it("sessions in two checkouts of one repository do not count against each other", async () => {
    const repo = gitRepo();
    const linked = join(tempDir(), "feature");
    repo.git("worktree", "add", "-q", "-b", "feature", linked);
    const env = hookEnv();
    await start(repo.dir, { env, sessionId: "in-main", cli: "codex" });
    const answer = await start(linked, { env, sessionId: "in-linked", cli: "gemini" });
    expect(answer.context).toContain("- other live sessions in this checkout: none");
    expect(answer.context).toContain(`  - ${linked} [feature] <- this one`);
    expect(answer.context).toContain(`  - ${repo.dir} [main]\n`);
  });

  it("records what the session was told, so branch-drift catches a switch before the first edit", async () => {
    const repo = gitRepo();
    const env = hookEnv();
    await start(repo.dir, { env, sessionId: "s" });
    repo.git("switch", "-q", "-c", "someone-else");
    const payload = hookPayload("claude", "PreToolUse.Edit.json", { cwd: repo.dir, sessionId: "s" });
    const answer = await runHook({
      guardrail: branchDrift,
      adapter: ADAPTERS.claude,
      stdin: JSON.stringify(payload),
      env,
      now: () => T0,
    });
    expect(JSON.parse(answer.stdout).hookSpecificOutput.additionalContext).toMatch(
      /^drift: this checkout MOVED since the session was last told what it is\.\n- you were told: branch main at/,
    );
  });

  it("agrees with branch-drift: its advice, followed, is no drift; a resume keeps the worktree the session made", async () => {
    const repo = gitRepo();
    const env = hookEnv();
    const answer = await start(repo.dir, { env, sessionId: "s" });
    const command = /`(git worktree add [^`]+)`/.exec(answer.verdict ?? "")?.[1]?.replaceAll("<topic>", "topic") ?? "";
    const drift = async (file: string, fields: Record<string, unknown>) => {
      const payload = { ...hookPayload("claude", file, { cwd: repo.dir, sessionId: "s" }), ...fields };
      const out = await runHook({
        guardrail: branchDrift,
        adapter: ADAPTERS.claude,
        stdin: JSON.stringify(payload),
        env,
        now: () => T0,
      });
      return out.stdout;
    };
    const topic = join(repo.dir, "..", `${repo.dir.split("/").at(-1)}-topic`);
    expect(await drift("PreToolUse.Bash.json", { tool_input: { command } })).toBe("");
    execaSync("sh", ["-c", command], { cwd: repo.dir, env: gitEnv });
    expect(await drift("PostToolUse.Bash.json", { tool_input: { command } })).toBe("");
    const edit = { tool_input: { file_path: join(topic, "README.md"), old_string: "a", new_string: "b" } };
    expect(await drift("PreToolUse.Edit.json", edit)).toBe("");
    // Resumed in the old checkout: the session still knows the worktree it made, and is live in both.
    await start(repo.dir, { env, sessionId: "s", source: "resume" });
    expect((await start(topic, { env, sessionId: "other" })).context).toContain(
      "- other live sessions in this checkout: session s",
    );
    expect(await drift("PreToolUse.Edit.json", edit)).toBe("");
  });

  it("an unwritable state folder does not cost the note", async () => {
    const repo = gitRepo();
    const env = hookEnv();
    writeFileSync(env.HOOKRAIL_STATE_DIR, "a file where the state folder should be");
    expect((await start(repo.dir, { env })).verdict).toMatch(/^open a separate worktree first/);
    expect(await end(repo.dir, { env })).toBe("");
  });
});
