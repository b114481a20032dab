import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { segmentBytes } from "../src/audit/_audit-file.ts";
import {
  type Adapter,
  type AuditEntry,
  auditDirectory,
  auditSettings,
  type Decision,
  exitTwoAnswer,
  type Guardrail,
  jsonAnswer,
  loadConfig,
  parsePayload,
  readAudit,
  runHook,
  silentAnswer,
  writeAudit,
} from "../src/index.ts";
import { writerScript } from "./_writer-script.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2026-12-01T10:00:00Z");

const adapter = (asks: boolean): Adapter => ({
  cli: "gemini",
  title: "Gemini CLI",
  parse: (payload) =>
    parsePayload(payload, {
      cli: "gemini",
      title: "Gemini CLI",
      events: { BeforeTool: "before-tool", SessionStart: "session-start" },
      tools: { run_shell_command: "shell", write_file: "file-write" },
    }),
  render: (decision) => (decision.type === "allow" ? silentAnswer() : jsonAnswer(decision)),
  block: exitTwoAnswer,
  notesReachModel: () => true,
  asks: () => asks,
});

const shell = (cwd: string, command: string) =>
  JSON.stringify({
    hook_event_name: "BeforeTool",
    session_id: "session-1",
    cwd,
    tool_name: "run_shell_command",
    tool_input: { command },
  });

function world() {
  const home = tempDir("hookrail-audit-");
  const env = { HOME: home, HOOKRAIL_STATE_DIR: join(home, "state"), HOOKRAIL_CONFIG: join(home, "config.json") };
  const entries = () => readAudit(auditDirectory(env) as string, { maxAgeDays: 30 }, T0);
  const hook = (
    decide: Guardrail["decide"],
    stdin: string,
    options: { asks?: boolean; open?: boolean; env?: NodeJS.ProcessEnv } = {},
  ) =>
    runHook({
      guardrail: { name: "a-gate", failure: options.open ? "open" : "closed", decide },
      adapter: adapter(options.asks ?? false),
      stdin,
      env: { ...env, ...options.env },
      now: () => T0,
    });
  return { home, env, entries, hook };
}

describe("audit entries from the runtime", () => {
  it.each<[string, Decision, boolean, Partial<AuditEntry>]>([
    ["a block", { type: "deny", reason: "no merging" }, false, { decision: "block", reason: "no merging" }],
    ["an ask", { type: "ask", reason: "merge now?" }, true, { decision: "ask", reason: "merge now?" }],
    [
      "an ask the CLI cannot put: its fallback",
      { type: "ask", reason: "merge now?", fallback: { type: "deny", reason: "use the marker" } },
      false,
      { decision: "block", reason: "use the marker" },
    ],
    [
      "an approval used",
      { type: "allow", approved: "`gh pr merge 12` merges" },
      false,
      { decision: "approved", reason: "`gh pr merge 12` merges" },
    ],
    [
      "a note",
      { type: "note", context: "drift: moved", userMessage: "moved" },
      false,
      { decision: "note", note: "drift: moved", message: "moved" },
    ],
    ["a message", { type: "message", userMessage: "hello" }, false, { decision: "message", message: "hello" }],
  ])("%s", async (_label, decision, asks, expected) => {
    const repo = gitRepo();
    const w = world();
    await w.hook(() => decision, shell(repo.dir, "gh pr merge 12"), { asks });
    expect(w.entries()).toEqual([
      {
        time: "2026-12-01T10:00:00.000Z",
        cli: "gemini",
        guardrail: "a-gate",
        event: "BeforeTool",
        session: "session-1",
        cwd: repo.dir,
        repo: repo.dir,
        branch: "main",
        tool: "run_shell_command",
        command: "gh pr merge 12",
        ...expected,
      },
    ]);
  });

  it("a plain allow writes nothing, not even the folder", async () => {
    const repo = gitRepo();
    const w = world();
    await w.hook(() => ({ type: "allow" }), shell(repo.dir, "ls"));
    expect(existsSync(w.env.HOOKRAIL_STATE_DIR)).toBe(false);
  });

  it("a gate that failed closed, and an advisory hook that failed open, with the failure", async () => {
    const repo = gitRepo();
    const w = world();
    await w.hook(
      () => {
        throw new Error("git exploded");
      },
      shell(repo.dir, "git push"),
    );
    await w.hook(() => ({ type: "allow" }), "not json", { open: true });
    const [closed, open] = w.entries();
    expect(closed).toMatchObject({ decision: "failed-closed", reason: "git exploded", command: "git push" });
    expect(open).toMatchObject({ decision: "failed-open", cli: "gemini", guardrail: "a-gate" });
    expect(open?.reason).toMatch(/JSON/);
    expect(open?.session).toBeUndefined();
  });

  it("names the repository's main folder and the worktree for a linked worktree", async () => {
    const repo = gitRepo();
    const w = world();
    const linked = join(tempDir(), "wt");
    repo.git("worktree", "add", "-q", "-b", "topic", linked);
    await w.hook(() => ({ type: "deny", reason: "no" }), shell(linked, "git push"));
    expect(w.entries()[0]).toMatchObject({ repo: repo.dir, worktree: linked, branch: "topic" });
    repo.git("worktree", "remove", "--force", linked);
  });

  it("asks git where .git's files cannot tell (Copilot CLI runs its hooks with GIT_CONFIG_COUNT set)", async () => {
    const repo = gitRepo();
    const w = world();
    const copilotGit = {
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "safe.bareRepository",
      GIT_CONFIG_VALUE_0: "explicit",
    };
    await w.hook(() => ({ type: "deny", reason: "no" }), shell(repo.dir, "git push"), {
      env: { ...copilotGit, PATH: process.env.PATH },
    });
    expect(w.entries()[0]).toMatchObject({ cwd: repo.dir, repo: repo.dir, branch: "main" });
  });

  it("redacts secrets in the command and the reason", async () => {
    const w = world();
    const command = "GH_TOKEN=ghp_R4nd0mL00k1ngT0k3nW1thTh1rtySixCh4rs gh pr merge 1";
    await w.hook(
      (event) => ({ type: "deny", reason: `blocked \`${(event as { tool: { command: string } }).tool.command}\`` }),
      shell("/", command),
    );
    const text = readFileSync(join(w.env.HOOKRAIL_STATE_DIR, "audit", "2026-12-01.jsonl"), "utf8");
    expect(text).not.toContain("ghp_");
    expect(w.entries()[0]).toMatchObject({
      command: "GH_TOKEN=*** gh pr merge 1",
      reason: "blocked `GH_TOKEN=*** gh pr merge 1`",
    });
  });

  it("is switched off and bounded by the user's config file only", async () => {
    const w = world();
    const project = gitRepo();
    mkdirSync(join(project.dir, ".hookrail"));
    project.write(".hookrail/config.json", JSON.stringify({ audit: { enabled: false } }));
    await w.hook(() => ({ type: "deny", reason: "no" }), shell(project.dir, "x"));
    expect(w.entries()).toHaveLength(1);
    writeFileSync(w.env.HOOKRAIL_CONFIG, JSON.stringify({ audit: { enabled: false } }));
    await w.hook(() => ({ type: "deny", reason: "no" }), shell(project.dir, "x"));
    expect(w.entries()).toHaveLength(1);
    writeFileSync(w.env.HOOKRAIL_CONFIG, JSON.stringify({ audit: { maxAgeDays: 2, maxMegabytes: 0.5 } }));
    expect(auditSettings(loadConfig(project.dir, w.env))).toEqual({ enabled: true, maxAgeDays: 2, maxBytes: 524288 });
    writeFileSync(w.env.HOOKRAIL_CONFIG, JSON.stringify({ audit: { maxAgeDays: -1 } }));
    expect(auditSettings(loadConfig(project.dir, w.env))).toEqual({ enabled: true, maxAgeDays: 30, maxBytes: 4194304 });
  });
});

describe("audit retention", () => {
  const entry = (time: number, reason = "x"): AuditEntry => ({
    time: new Date(time).toISOString(),
    cli: "claude",
    guardrail: "merge-gate",
    decision: "block",
    reason,
  });

  it("drops entries older than maxAgeDays: unread at once, deleted with the next day's first entry", () => {
    const env = { HOOKRAIL_STATE_DIR: tempDir() };
    const dir = auditDirectory(env) as string;
    const limits = { enabled: true, maxAgeDays: 7, maxBytes: 4 * 1024 * 1024 };
    writeAudit(entry(T0, "old"), env, limits, T0);
    writeAudit(entry(T0 + 3 * DAY, "newer"), env, limits, T0 + 3 * DAY);
    expect(readAudit(dir, limits, T0 + 8 * DAY).map((e) => e.reason)).toEqual(["newer"]);
    expect(readdirSync(dir).sort()).toEqual(["2026-12-01.jsonl", "2026-12-04.jsonl"]);
    writeAudit(entry(T0 + 8 * DAY, "today"), env, limits, T0 + 8 * DAY);
    expect(readdirSync(dir).sort()).toEqual(["2026-12-04.jsonl", "2026-12-09.jsonl"]);
    expect(readAudit(dir, limits, T0 + 8 * DAY).map((e) => e.reason)).toEqual(["newer", "today"]);
  });

  it("never holds much more than maxBytes: full segments roll over, the oldest are deleted", () => {
    const env = { HOOKRAIL_STATE_DIR: tempDir() };
    const dir = auditDirectory(env) as string;
    const limits = { enabled: true, maxAgeDays: 30, maxBytes: 128 * 1024 };
    const big = "y".repeat(1900);
    for (let i = 0; i < 400; i++) writeAudit(entry(T0 + i, `${i} ${big}`), env, limits, T0 + i);
    const size = readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
    expect(size).toBeLessThanOrEqual(limits.maxBytes + 4096);
    expect(size).toBeGreaterThan(limits.maxBytes - 2 * segmentBytes(limits));
    const kept = readAudit(dir, limits, T0 + 400).map((e) => Number(e.reason?.split(" ")[0]));
    // The newest entries, in order, none missing from where the oldest kept one starts.
    expect(kept.at(-1)).toBe(399);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 400 - kept.length + i));
  });

  it("writes to the day's last segment when a larger budget left room in an earlier one", () => {
    const env = { HOOKRAIL_STATE_DIR: tempDir() };
    const dir = auditDirectory(env) as string;
    const small = { enabled: true, maxAgeDays: 30, maxBytes: 128 * 1024 };
    const big = "y".repeat(1900);
    for (let i = 0; i < 12; i++) writeAudit(entry(T0 + i, `${i} ${big}`), env, small, T0 + i);
    expect(readdirSync(dir).sort()).toEqual(["2026-12-01.1.jsonl", "2026-12-01.jsonl"]);
    const second = join(dir, "2026-12-01.1.jsonl");
    const before = statSync(second).size;
    // The user raises the budget: the first segment now has room, and the entry still goes after the others.
    writeAudit(entry(T0 + 20, "later"), env, { ...small, maxBytes: 4 * 1024 * 1024 }, T0 + 20);
    expect(statSync(second).size).toBeGreaterThan(before);
    expect(readAudit(dir, small, T0 + 20).at(-1)?.reason).toBe("later");
  });

  it("skips lines that are not entries (a line cut short, another program's text)", () => {
    const env = { HOOKRAIL_STATE_DIR: tempDir() };
    writeAudit(entry(T0, "kept"), env, undefined, T0);
    const file = join(auditDirectory(env) as string, "2026-12-01.jsonl");
    writeFileSync(
      file,
      `${readFileSync(file, "utf8")}{"time":"2026-12-01T10:00:01Z","cli":"cl\n[1,2]\n{"decision":"nope"}\n`,
    );
    expect(readAudit(auditDirectory(env) as string, { maxAgeDays: 30 }, T0).map((e) => e.reason)).toEqual(["kept"]);
  });

  it("a folder that cannot be written: writing says so without throwing", () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "");
    expect(writeAudit(entry(T0), { HOOKRAIL_STATE_DIR: join(file, "state") }, undefined, T0)).toBe(false);
  });
});

describe("audit log under concurrency (slow: real processes)", () => {
  it("32 hook processes appending at once lose and tear no line", { timeout: 120_000 }, async () => {
    const work = tempDir("hookrail-audit-writers-");
    const script = await writerScript(new URL("./audit-writer.ts", import.meta.url), work);
    const dir = join(work, "state");
    const writers = 32;
    const rounds = 20;
    await Promise.all(
      Array.from({ length: writers }, (_, id) => execa(process.execPath, [script, dir, String(id), String(rounds)])),
    );
    const audit = join(dir, "audit");
    // ~2 MB in 1 MB segments: the writers rolled over to a new segment while the others were appending.
    expect(readdirSync(audit).length).toBeGreaterThan(1);
    const lines = readdirSync(audit).flatMap((name) =>
      readFileSync(join(audit, name), "utf8").split("\n").filter(Boolean),
    );
    expect(lines).toHaveLength(writers * rounds);
    const seen = lines.map((line) => (JSON.parse(line) as AuditEntry).reason?.split(" ")[0]).sort();
    const expected = Array.from({ length: writers }, (_, id) => Array.from({ length: rounds }, (_, i) => `${id}:${i}`))
      .flat()
      .sort();
    expect(seen).toEqual(expected);
  });
});
