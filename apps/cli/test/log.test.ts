// `hookrail log`: the audit log newest first, its filters, --json, --summary, colour and the pager.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { type AuditEntry, writeAudit } from "@hookrail/core";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { type LogOptions, logCommand } from "../src/commands/log.ts";
import { call } from "./_call.ts";

const NOW = Date.parse("2026-12-02T12:00:00Z");
const HOUR = 3_600_000;

function world() {
  const home = tempDir("hookrail-log-");
  const app = gitRepo();
  const lib = gitRepo();
  const env = { HOME: home, HOOKRAIL_STATE_DIR: join(home, "state"), TZ: "UTC", PATH: process.env.PATH };
  const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR).toISOString();
  const add = (hoursAgo: number, entry: Omit<AuditEntry, "time">) =>
    writeAudit({ time: at(hoursAgo), ...entry }, env, undefined, NOW - hoursAgo * HOUR);
  const inApp = { cwd: app.dir, repo: app.dir, branch: "main" };
  add(30, {
    cli: "gemini",
    guardrail: "worktree-check",
    event: "SessionStart",
    session: "gem-1",
    ...inApp,
    decision: "note",
    note: "worktree-check: …\nyou can work in this directory",
  });
  add(26, {
    cli: "codex",
    guardrail: "merge-gate",
    event: "PreToolUse",
    session: "cdx-7f3a2b1c9",
    cwd: lib.dir,
    repo: lib.dir,
    branch: "feature/x",
    tool: "Bash",
    command: "git push origin HEAD:main",
    decision: "block",
    reason: "merge-gate: blocked. `git push origin HEAD:main` pushes to protected branch main",
  });
  add(3, {
    cli: "claude",
    guardrail: "merge-gate",
    event: "PreToolUse",
    session: "5f1c2a9e-1111",
    ...inApp,
    tool: "Bash",
    command: "gh pr merge 12",
    decision: "block",
    reason: "merge-gate: blocked. `gh pr merge 12` merges a pull request",
  });
  add(2.5, {
    cli: "claude",
    guardrail: "merge-gate",
    event: "PreToolUse",
    session: "5f1c2a9e-1111",
    ...inApp,
    tool: "Bash",
    command: "MERGE_APPROVED=1 gh pr merge 12",
    decision: "approved",
    reason: "`MERGE_APPROVED=1 gh pr merge 12` merges a pull request (approved with MERGE_APPROVED=1)",
  });
  add(2, {
    cli: "claude",
    guardrail: "branch-drift",
    event: "PreToolUse",
    session: "5f1c2a9e-1111",
    ...inApp,
    tool: "Edit",
    files: [join(app.dir, "src/a.ts")],
    decision: "note",
    note: "drift: this checkout MOVED since the session was last told what it is",
    message: "drift: main → topic",
  });
  add(1, {
    cli: "copilot",
    guardrail: "merge-gate",
    event: "preToolUse",
    session: "cop-42",
    ...inApp,
    decision: "failed-closed",
    reason: "git exploded",
  });
  add(0.5, {
    cli: "gemini",
    guardrail: "plan-export",
    event: "AfterTool",
    session: "gem-1",
    ...inApp,
    decision: "failed-open",
    reason: "could not start: the bundle in /x/plan-export.cjs is damaged",
  });
  add(0.25, {
    cli: "claude",
    guardrail: "merge-gate",
    event: "PreToolUse",
    session: "5f1c2a9e-2222",
    ...inApp,
    tool: "Bash",
    command: "gh pr merge 13",
    decision: "ask",
    reason: "merge-gate: `gh pr merge 13` merges a pull request",
  });
  const log = async (opts: LogOptions, tty?: { columns: number; rows: number }, extra: NodeJS.ProcessEnv = {}) => {
    let stdout = "";
    const code = await logCommand(
      {
        stdin: Readable.from([]),
        stdout: { write: (t: string) => (stdout += t), ...(tty ? { isTTY: true, ...tty } : {}) },
        stderr: { write: () => true },
        env: { ...env, ...extra },
        cwd: app.dir,
      },
      { now: NOW, ...opts },
    );
    return { code, stdout: stdout.replaceAll(app.dir, "<app>").replaceAll(lib.dir, "<lib>") };
  };
  return { env, app, lib, log, home };
}

describe("hookrail log", () => {
  it("newest first, one aligned line per entry", async () => {
    const w = world();
    const { code, stdout } = await w.log({});
    expect(code).toBe(0);
    const appName = w.app.dir.split("/").pop() as string;
    const libName = w.lib.dir.split("/").pop() as string;
    expect(stdout.replaceAll(appName, "app").replaceAll(libName, "lib")).toMatchInlineSnapshot(`
      "2026-12-02 11:45:00  claude   merge-gate      asked          5f1c2a9e  app@main       gh pr merge 13
      2026-12-02 11:30:00  gemini   plan-export     failed open    gem-1     app@main       could not start: the bundle in /x/plan-export.cjs is damaged
      2026-12-02 11:00:00  copilot  merge-gate      failed closed  cop-42    app@main       git exploded
      2026-12-02 10:00:00  claude   branch-drift    note           5f1c2a9e  app@main       src/a.ts
      2026-12-02 09:30:00  claude   merge-gate      approved       5f1c2a9e  app@main       MERGE_APPROVED=1 gh pr merge 12
      2026-12-02 09:00:00  claude   merge-gate      blocked        5f1c2a9e  app@main       gh pr merge 12
      2026-12-01 10:00:00  codex    merge-gate      blocked        cdx-7f3a  lib@feature/x  git push origin HEAD:main
      2026-12-01 06:00:00  gemini   worktree-check  note           gem-1     app@main       worktree-check: … you can work in this directory
      "
    `);
  });

  it("--blocked, --since, --guardrail, --cli, --session, --repo", async () => {
    const w = world();
    const names = async (opts: LogOptions, env: NodeJS.ProcessEnv = {}) =>
      JSON.parse((await w.log({ ...opts, json: true }, undefined, env)).stdout).map(
        (e: AuditEntry) => `${e.cli} ${e.guardrail} ${e.decision}`,
      );
    expect(await names({ blocked: true })).toEqual([
      "copilot merge-gate failed-closed",
      "claude merge-gate block",
      "codex merge-gate block",
    ]);
    expect(await names({ since: "2h" })).toEqual([
      "claude merge-gate ask",
      "gemini plan-export failed-open",
      "copilot merge-gate failed-closed",
      "claude branch-drift note",
    ]);
    expect(await names({ since: "2026-12-02", guardrail: "merge-gate" })).toEqual([
      "claude merge-gate ask",
      "copilot merge-gate failed-closed",
      "claude merge-gate approved",
      "claude merge-gate block",
    ]);
    // The day starts at the user's midnight: in Honolulu (UTC-10), 10:00 UTC.
    expect(await names({ since: "2026-12-02", guardrail: "merge-gate" }, { TZ: "Pacific/Honolulu" })).toEqual([
      "claude merge-gate ask",
      "copilot merge-gate failed-closed",
    ]);
    expect(await names({ cli: "codex" })).toEqual(["codex merge-gate block"]);
    expect(await names({ session: "5f1c2a9e" })).toEqual([
      "claude merge-gate ask",
      "claude branch-drift note",
      "claude merge-gate approved",
      "claude merge-gate block",
    ]);
    expect(await names({ session: "5f1c2a9e-2" })).toEqual(["claude merge-gate ask"]);
    expect(await names({ repo: w.lib.dir })).toEqual(["codex merge-gate block"]);
    expect(await names({ repo: w.lib.dir.split("/").pop() as string })).toEqual(["codex merge-gate block"]);
    expect((await names({ repo: "." })).length).toBe(7);
    expect(await names({ cli: "claude", blocked: true, since: "1d" })).toEqual(["claude merge-gate block"]);
  });

  it("--repo . covers the repository's linked worktrees too", async () => {
    const w = world();
    const linked = join(tempDir(), "wt");
    w.app.git("worktree", "add", "-q", "-b", "topic", linked);
    writeAudit(
      {
        time: new Date(NOW).toISOString(),
        cli: "claude",
        guardrail: "merge-gate",
        cwd: linked,
        repo: w.app.dir,
        worktree: linked,
        branch: "topic",
        decision: "block",
        reason: "x",
      },
      w.env,
      undefined,
      NOW,
    );
    let stdout = "";
    await logCommand(
      {
        stdin: Readable.from([]),
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: () => true },
        env: w.env,
        cwd: linked,
      },
      { now: NOW, repo: ".", json: true },
    );
    expect(JSON.parse(stdout)).toHaveLength(8);
    w.app.git("worktree", "remove", "--force", linked);
  });

  it("--summary: counts per day, guardrail and decision", async () => {
    const { stdout } = await world().log({ summary: true });
    expect(stdout).toMatchInlineSnapshot(`
      "DAY         GUARDRAIL       BLOCKED  ASKED  APPROVED  NOTES  MESSAGES  FAILED
      2026-12-02  branch-drift          0      0         0      1         0       0
      2026-12-02  merge-gate            1      1         1      0         0       1
      2026-12-02  plan-export           0      0         0      0         0       1
      2026-12-01  merge-gate            1      0         0      0         0       0
      2026-12-01  worktree-check        0      0         0      1         0       0
      "
    `);
  });

  it("--json: the entries as they are kept, newest first", async () => {
    const { stdout } = await world().log({ json: true, cli: "codex" });
    expect(JSON.parse(stdout)).toEqual([
      {
        time: "2026-12-01T10:00:00.000Z",
        cli: "codex",
        guardrail: "merge-gate",
        event: "PreToolUse",
        session: "cdx-7f3a2b1c9",
        cwd: "<lib>",
        repo: "<lib>",
        branch: "feature/x",
        tool: "Bash",
        command: "git push origin HEAD:main",
        decision: "block",
        reason: "merge-gate: blocked. `git push origin HEAD:main` pushes to protected branch main",
      },
    ]);
  });

  it("an empty log, and filters that match nothing, say so", async () => {
    const home = tempDir();
    const empty = await call(["log"], { env: { HOOKRAIL_STATE_DIR: join(home, "s") } });
    expect(empty.stdout.replace(home, "<home>")).toBe(
      "nothing in the audit log yet: the guardrails have only allowed, or nothing ran (last 30 days, <home>/s/audit)\n",
    );
    expect((await world().log({ cli: "gemini", blocked: true })).stdout).toBe("no entry matches\n");
  });

  it("on a terminal: coloured decisions, lines cut to its width; NO_COLOR and a pipe get plain text", async () => {
    const w = world();
    const tty = await w.log({ since: "1h" }, { columns: 72, rows: 40 });
    expect(tty.stdout).toContain("\u001b[31mfailed closed\u001b[39m");
    const plain = (await w.log({ since: "1h" }, { columns: 72, rows: 40 }, { NO_COLOR: "1" })).stdout;
    expect(plain).not.toContain("\u001b[");
    expect(
      plain
        .split("\n")
        .filter(Boolean)
        .every((line) => line.length <= 72),
    ).toBe(true);
    expect(plain).toContain("…");
    expect((await w.log({ since: "1h" })).stdout).not.toContain("…");
  });

  it("pages a long log through $PAGER on a terminal, like git; never elsewhere", async () => {
    const w = world();
    const paged = join(tempDir(), "paged.txt");
    const pager = { PAGER: `cat > '${paged}'` };
    const short = await w.log({}, { columns: 200, rows: 4 }, pager);
    expect(short.stdout).toBe("");
    expect(readFileSync(paged, "utf8").split("\n")).toHaveLength(9);
    writeFileSync(paged, "");
    expect((await w.log({}, { columns: 200, rows: 50 }, pager)).stdout.split("\n")).toHaveLength(9);
    expect((await w.log({}, undefined, pager)).stdout.split("\n")).toHaveLength(9);
    expect(readFileSync(paged, "utf8")).toBe("");
    expect((await w.log({}, { columns: 200, rows: 4 }, { PAGER: "cat" })).stdout.split("\n")).toHaveLength(9);
  });

  it("through the command line: the options reach the log", async () => {
    const home = tempDir();
    const env = { HOOKRAIL_STATE_DIR: join(home, "s") };
    const entry = (cli: string, decision: AuditEntry["decision"]): AuditEntry => ({
      time: new Date().toISOString(),
      cli,
      guardrail: "merge-gate",
      session: `s-${cli}`,
      decision,
    });
    writeAudit(entry("codex", "block"), env);
    writeAudit(entry("claude", "approved"), env);
    const r = await call(["log", "--cli", "codex", "--since", "1h", "--json"], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((e: AuditEntry) => e.session)).toEqual(["s-codex"]);
    const blocked = await call(["log", "--blocked", "--json"], { env });
    expect(JSON.parse(blocked.stdout).map((e: AuditEntry) => e.session)).toEqual(["s-codex"]);
  });
});
