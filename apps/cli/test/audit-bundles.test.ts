// Every kind of audit entry, written by the shipped bundles as each CLI runs them (a node process, the CLI's
// payload on stdin), read back from the user's state folder.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AuditEntry, auditDirectory, CLI_NAMES, type CliName, readAudit } from "@hookrail/core";
import { bundlePath, copyHook, gitRepo, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { findGuardrail, refusal } from "../src/registry.ts";
import { fileEdit, sessionStart, shellCall } from "../src/samples.ts";

const EVENT: Record<CliName, { tool: string; start: string }> = {
  claude: { tool: "", start: "" },
  gemini: { tool: "", start: "" },
  codex: { tool: "", start: "" },
  copilot: { tool: "preToolUse", start: "sessionStart" },
  qwen: { tool: "", start: "" },
  cline: { tool: "", start: "" },
  droid: { tool: "", start: "" },
  cursor: { tool: "", start: "" },
  antigravity: { tool: "PreToolUse", start: "PreInvocation" },
  opencode: { tool: "", start: "" },
  kilo: { tool: "", start: "" },
  pi: { tool: "", start: "" },
  kimi: { tool: "", start: "" },
  amp: { tool: "", start: "" },
  openclaw: { tool: "", start: "" },
  auggie: { tool: "", start: "" },
};

function world() {
  const repo = gitRepo();
  const home = tempDir("hookrail-audit-home-");
  const env = {
    HOME: home,
    HOOKRAIL_STATE_DIR: join(home, "state"),
    HOOKRAIL_CONFIG: join(home, "config.json"),
    HOOKRAIL_CACHE_DIR: join(home, "cache"),
  };
  const entries = () => readAudit(auditDirectory(env) as string, { maxAgeDays: 30 });
  const run = async (guardrail: string, cli: CliName, payload: unknown, args: string, file?: string) =>
    runBundle(file ?? bundlePath(guardrail, cli), typeof payload === "string" ? payload : JSON.stringify(payload), {
      env,
      cwd: repo.dir,
      args: args ? [args] : [],
    });
  return { repo, env, entries, run };
}

describe.each(CLI_NAMES)("audit entries from the %s bundles", (cli) => {
  const { tool, start } = EVENT[cli];

  it("the merge gate: a block, an approval used, a failure (closed), a bundle that cannot start", async () => {
    const w = world();
    const context = { cwd: w.repo.dir, sessionId: `session-${cli}` };
    await w.run("merge-gate", cli, shellCall(cli, "gh pr merge 12", context), tool);
    await w.run("merge-gate", cli, shellCall(cli, "MERGE_APPROVED=1 gh pr merge 12", context), tool);
    await w.run("merge-gate", cli, shellCall(cli, "ls -la", context), tool);
    await w.run("merge-gate", cli, "[]", tool);
    const broken = copyHook(bundlePath("merge-gate", cli), tempDir(), (bundle) => bundle.slice(0, -2000));
    await w.run("merge-gate", cli, shellCall(cli, "ls", context), tool, broken);
    const [blocked, approved, failed, startFailed, ...more] = w.entries();
    expect(more).toEqual([]);
    const where = { cli, guardrail: "merge-gate", cwd: w.repo.dir, repo: w.repo.dir, branch: "main" };
    expect(blocked).toMatchObject({
      ...where,
      decision: "block",
      session: `session-${cli}`,
      command: "gh pr merge 12",
    });
    expect(blocked?.reason).toMatch(/^merge-gate: blocked\. `gh pr merge 12` merges a pull request/);
    expect(approved).toMatchObject({
      ...where,
      decision: "approved",
      session: `session-${cli}`,
      command: "MERGE_APPROVED=1 gh pr merge 12",
      reason: "`MERGE_APPROVED=1 gh pr merge 12` merges a pull request (approved with MERGE_APPROVED=1)",
    });
    expect(failed).toMatchObject({ cli, guardrail: "merge-gate", decision: "failed-closed" });
    expect(failed?.reason).toMatch(new RegExp(`^not an? (?:valid )?${cli} (?:hook|bridge) event \\(`));
    expect(startFailed).toMatchObject({ cli, guardrail: "merge-gate", decision: "failed-closed", cwd: w.repo.dir });
    expect(startFailed?.reason).toMatch(
      /^could not start: the bundle \S+merge-gate\.bundle is damaged or of another build$/,
    );
  });

  // A CLI with no way to deliver branch-drift's or worktree-check's note (their manifests say why) has no such entry.
  const noDrift = ["branch-drift", "worktree-check"].some((g) => Boolean(refusal(findGuardrail(g).manifest, cli)));
  it.skipIf(noDrift)("advisory guardrails: a note to the model, a message to the user, a failure (open)", async () => {
    const w = world();
    const context = { cwd: w.repo.dir, sessionId: `session-${cli}` };
    await w.run("worktree-check", cli, sessionStart(cli, context), start);
    const edit = (after = false) =>
      w.run("branch-drift", cli, fileEdit(cli, "README.md", context, after), after ? "postToolUse" : tool);
    await edit();
    w.repo.git("checkout", "-q", "-b", "elsewhere");
    await edit();
    await edit(true);
    writeFileSync(w.env.HOOKRAIL_CONFIG, "{ not json");
    await w.run("worktree-check", cli, sessionStart(cli, { ...context, sessionId: "other" }), start);
    await w.run("branch-drift", cli, "not json", tool);
    const kinds = w.entries().map((e: AuditEntry) => `${e.guardrail} ${e.decision}`);
    expect(kinds).toEqual([
      "worktree-check note",
      "branch-drift note",
      "worktree-check note",
      "branch-drift failed-open",
    ]);
    const [started, drift, broken, failed] = w.entries();
    expect(started).toMatchObject({ cli, session: `session-${cli}`, repo: w.repo.dir, branch: "main" });
    expect(started?.note).toMatch(/you can work in this directory|open a separate worktree first/);
    expect(drift).toMatchObject({
      cli,
      session: `session-${cli}`,
      branch: "elsewhere",
      files: [expect.stringContaining("README.md")],
    });
    expect(`${drift?.note ?? ""}${drift?.message ?? ""}`).toMatch(/drift: this checkout MOVED/);
    expect(broken?.message).toMatch(/config\.json is not valid JSON/);
    expect(failed).toMatchObject({ cli, guardrail: "branch-drift" });
  });

  it.runIf(cli === "claude")("an ask the CLI puts to the user", async () => {
    const w = world();
    writeFileSync(w.env.HOOKRAIL_CONFIG, JSON.stringify({ "merge-gate": { approval: "ask" } }));
    await w.run("merge-gate", cli, shellCall(cli, "gh pr merge 12", { cwd: w.repo.dir, sessionId: "s" }), tool);
    expect(w.entries()).toMatchObject([{ decision: "ask", command: "gh pr merge 12" }]);
  });

  it("the plain allow writes nothing", async () => {
    const w = world();
    const context = { cwd: w.repo.dir, sessionId: "s" };
    await w.run("merge-gate", cli, shellCall(cli, "git status", context), tool);
    await w.run("branch-drift", cli, fileEdit(cli, "README.md", context), tool);
    expect(w.entries()).toEqual([]);
  });
});
