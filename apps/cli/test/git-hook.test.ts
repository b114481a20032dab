// The git pre-push layer in real repositories with a bare remote: installed with the real command,
// exercised by real `git push`es, and removed again leaving the repository's hooks exactly as they were.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { gitEnv, gitRepo, tempDir } from "@hookrail/test-utils";
import { execaSync } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

function world() {
  const home = tempDir();
  const env: Record<string, string> = {
    ...gitEnv,
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    HOOKRAIL_STATE_DIR: join(home, "state"),
  };
  const remote = tempDir("hookrail-remote-");
  execaSync("git", ["init", "-q", "--bare", "-b", "main", remote], { env });
  const repo = gitRepo();
  repo.git("remote", "add", "origin", remote);
  repo.git("push", "-q", "origin", "main");
  repo.write("change.txt", "work\n");
  repo.commit("work");
  const push = (args: string[], extra: Record<string, string> = {}) =>
    execaSync("git", ["push", ...args], { cwd: repo.dir, env: { ...env, ...extra }, reject: false });
  const remoteSha = (branch: string) =>
    execaSync("git", ["rev-parse", "--verify", "-q", `refs/heads/${branch}`], { cwd: remote, reject: false }).stdout;
  return { home, env, remote, repo, push, remoteSha };
}

async function hookrail(argv: string[], cwd: string, env: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdin: Readable.from([""]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env,
    cwd,
  });
  return { code, stdout, stderr };
}

const snapshot = (file: string) =>
  existsSync(file) ? { text: readFileSync(file, "utf8"), mode: statSync(file).mode } : undefined;

describe("hookrail install merge-gate --git-hook", () => {
  it("refuses pushes that create, move or delete a protected branch unless MERGE_APPROVED=1 is set for the push", async () => {
    const w = world();
    expect(await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env)).toMatchObject({ code: 0 });
    const mainBefore = w.remoteSha("main");

    const refused = w.push(["origin", "HEAD:main"]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toMatch(/hookrail merge-gate: push to origin refused:\n {2}update of main/);
    expect(refused.stderr).toContain("MERGE_APPROVED=1");
    expect(w.remoteSha("main")).toBe(mainBefore);

    expect(w.push(["origin", "HEAD:refs/heads/master"]).exitCode).not.toBe(0);
    expect(w.remoteSha("master")).toBe("");
    expect(w.push(["origin", "HEAD:feature/x"]).exitCode).toBe(0);
    expect(w.remoteSha("feature/x")).toBe(w.repo.git("rev-parse", "HEAD"));
    expect(w.push(["origin", "HEAD:main"], { MERGE_APPROVED: "yes" }).exitCode).not.toBe(0);

    const approved = w.push(["origin", "HEAD:main"], { MERGE_APPROVED: "1" });
    expect(approved.exitCode).toBe(0);
    expect(w.remoteSha("main")).toBe(w.repo.git("rev-parse", "HEAD"));
    expect(w.push(["origin", "--delete", "main"]).stderr).toMatch(/delete of main/);
    expect(w.remoteSha("main")).not.toBe("");
  });

  it("writes each refusal and each approved push to the audit log; a push it lets by writes nothing", async () => {
    const w = world();
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    const head = w.repo.git("rev-parse", "HEAD");
    expect(w.push(["origin", "HEAD:main"]).exitCode).not.toBe(0);
    expect(w.push(["origin", "HEAD:feature/a"]).exitCode).toBe(0);
    expect(w.push(["origin", "HEAD:main"], { MERGE_APPROVED: "1" }).exitCode).toBe(0);
    expect(w.push(["origin", "--delete", "main"]).exitCode).not.toBe(0);
    const log = await hookrail(["log", "--json"], w.repo.dir, w.env);
    const entries = (JSON.parse(log.stdout) as Record<string, unknown>[]).reverse();
    const place = { cli: "git", guardrail: "merge-gate", event: "pre-push", repo: w.repo.dir, branch: "main" };
    expect(entries).toEqual([
      {
        ...place,
        time: expect.any(String),
        cwd: w.repo.dir,
        decision: "block",
        reason: "push to origin refused: update of main (HEAD -> refs/heads/main)",
        command: "git push origin HEAD:refs/heads/main",
      },
      {
        ...place,
        time: expect.any(String),
        cwd: w.repo.dir,
        decision: "approved",
        reason: "MERGE_APPROVED=1: update of main (HEAD -> refs/heads/main)",
        command: "git push origin HEAD:refs/heads/main",
      },
      {
        ...place,
        time: expect.any(String),
        cwd: w.repo.dir,
        decision: "block",
        reason: "push to origin refused: delete of main ((delete) -> refs/heads/main)",
        command: "git push origin :refs/heads/main",
      },
    ]);
    expect(w.remoteSha("main")).toBe(head);
    // The audit log lives in the state folder, never in the repository.
    expect(w.repo.git("status", "--porcelain")).toBe("");
    expect(existsSync(join(w.home, "state", "audit"))).toBe(true);
  });

  it("keeps no entry when the user's config switches the audit log off", async () => {
    const w = world();
    mkdirSync(join(w.home, "config", "hookrail"), { recursive: true });
    writeFileSync(join(w.home, "config", "hookrail", "config.json"), '{"audit":{"enabled":false}}');
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(w.push(["origin", "HEAD:main"]).exitCode).not.toBe(0);
    expect(existsSync(join(w.home, "state", "audit"))).toBe(false);
  });

  it("adds the project's protected branches (globs too) to the defaults", async () => {
    const w = world();
    mkdirSync(join(w.repo.dir, ".hookrail"));
    writeFileSync(join(w.repo.dir, ".hookrail", "config.json"), '{"merge-gate":{"protectedBranches":["release/*"]}}');
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(w.push(["origin", "HEAD:release/1.0"]).stderr).toMatch(/refused:\n {2}create of release\/1\.0/);
    expect(w.push(["origin", "HEAD:main"]).exitCode).not.toBe(0);
  });

  it("chains a shell hook already there: it still runs with git's arguments and stdin, and its exit code counts", async () => {
    const w = world();
    const hook = join(w.repo.dir, ".git", "hooks", "pre-push");
    const log = join(w.home, "hook.log");
    const original = `#!/bin/sh\necho "args: $*" >> '${log}'\ncat >> '${log}'\nexit "$(cat '${w.home}/rc' 2>/dev/null || echo 0)"\n`;
    writeFileSync(hook, original, { mode: 0o750 });
    const before = snapshot(hook);
    expect((await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env)).stdout).toContain(
      "added a block to the existing pre-push hook",
    );

    expect(w.push(["origin", "HEAD:feature/a"]).exitCode).toBe(0);
    const sha = w.repo.git("rev-parse", "HEAD");
    expect(readFileSync(log, "utf8")).toBe(
      `args: origin ${w.remote}\nHEAD ${sha} refs/heads/feature/a ${"0".repeat(40)}\n`,
    );
    writeFileSync(join(w.home, "rc"), "3");
    expect(w.push(["origin", "HEAD:feature/b"]).exitCode).not.toBe(0);
    expect(w.remoteSha("feature/b")).toBe("");

    expect((await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env)).stdout).toContain("updated");
    expect(await hookrail(["uninstall", "merge-gate", "--git-hook"], w.repo.dir, w.env)).toMatchObject({ code: 0 });
    expect(snapshot(hook)).toEqual(before);
    expect(existsSync(join(w.repo.dir, ".git", "hookrail"))).toBe(false);
  });

  it("keeps a hook that is not a shell script beside its own and runs it after, with the same stdin", async () => {
    const w = world();
    const hook = join(w.repo.dir, ".git", "hooks", "pre-push");
    const log = join(w.home, "node-hook.log");
    const original = `#!/usr/bin/env node\nrequire("fs").writeFileSync(${JSON.stringify(log)}, process.argv.slice(2).join(" ") + "\\n" + require("fs").readFileSync(0, "utf8"));\n`;
    writeFileSync(hook, original, { mode: 0o755 });
    const before = snapshot(hook);
    expect((await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env)).stdout).toContain("chained");
    expect(w.push(["origin", "HEAD:main"]).exitCode).not.toBe(0);
    expect(existsSync(log)).toBe(false);
    expect(w.push(["origin", "HEAD:feature/n"]).exitCode).toBe(0);
    expect(readFileSync(log, "utf8")).toContain(
      `origin ${w.remote}\nHEAD ${w.repo.git("rev-parse", "HEAD")} refs/heads/feature/n `,
    );
    await hookrail(["uninstall", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(snapshot(hook)).toEqual(before);
    expect(existsSync(join(w.repo.dir, ".git", "hooks", "pre-push.hookrail-chained"))).toBe(false);
  });

  it("installs where core.hooksPath points (husky style) and leaves the tracked hook as it was on uninstall", async () => {
    const w = world();
    mkdirSync(join(w.repo.dir, ".husky"));
    const hook = join(w.repo.dir, ".husky", "pre-push");
    writeFileSync(hook, 'echo "husky pre-push" >&2\n', { mode: 0o755 });
    w.repo.git("config", "core.hooksPath", ".husky");
    w.repo.commit("husky");
    const before = snapshot(hook);
    const install = await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(install.stdout).toContain(`${hook}: added a block`);
    expect(install.stdout).toContain("inside the working tree");
    expect(existsSync(join(w.repo.dir, ".git", "hooks", "pre-push"))).toBe(false);

    expect(w.push(["origin", "HEAD:main"]).exitCode).not.toBe(0);
    const feature = w.push(["origin", "HEAD:feature/h"]);
    expect(feature.exitCode).toBe(0);
    expect(feature.stderr).toContain("husky pre-push");
    await hookrail(["uninstall", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(snapshot(hook)).toEqual(before);
    expect(w.repo.git("status", "--porcelain")).toBe("");
  });

  it("creates the hook when there is none, refreshes it idempotently, and removes it on uninstall", async () => {
    const w = world();
    const hook = join(w.repo.dir, ".git", "hooks", "pre-push");
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    const first = readFileSync(hook, "utf8");
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(readFileSync(hook, "utf8")).toBe(first);
    expect(statSync(hook).mode & 0o111).not.toBe(0);
    await hookrail(["uninstall", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    expect(existsSync(hook)).toBe(false);
    expect((await hookrail(["uninstall", "merge-gate", "--git-hook"], w.repo.dir, w.env)).stdout).toContain(
      "no hookrail pre-push hook here",
    );
  });

  it("refuses the push when the program it runs is gone, and says how to fix it", async () => {
    const w = world();
    await hookrail(["install", "merge-gate", "--git-hook"], w.repo.dir, w.env);
    rmSync(join(w.repo.dir, ".git", "hookrail", "pre-push.cjs"));
    const push = w.push(["origin", "HEAD:feature/z"]);
    expect(push.exitCode).not.toBe(0);
    expect(push.stderr).toMatch(/is missing, push refused; reinstall it with: hookrail install merge-gate --git-hook/);
  });

  it("says clearly when it is not run in a git repository, or for another guardrail", async () => {
    const dir = tempDir();
    const env = { PATH: process.env.PATH ?? "", HOME: dir, GIT_CEILING_DIRECTORIES: dir };
    const outside = await hookrail(["install", "merge-gate", "--git-hook"], dir, env);
    expect(outside).toMatchObject({ code: 1, stderr: expect.stringContaining(`${dir} is not in a git repository`) });
    expect((await hookrail(["install", "plan-export", "--git-hook"], dir, env)).code).toBe(2);
  });
});
