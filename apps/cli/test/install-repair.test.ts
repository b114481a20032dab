// `update` and `install` repair by what is on disk, not by the record: a hook file deleted or altered in the
// stable copy Claude Code runs from, hookrail's data folder deleted with the record in it, and a second hookrail
// build of the same version sharing the stable copy. A stand-in `claude` (_fake-claude.ts) keeps Claude Code's
// files as it would; the hook runs as Claude Code starts it.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installRecordPath, readInstallRecord, vanishedGuardrails } from "@hookrail/core";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { apply } from "../src/install/apply.ts";
import { stage } from "../src/install/stage.ts";
import { VERSION } from "../src/version.ts";
import { claudeBashHook, fakeClaude } from "./_fake-claude.ts";
import { type Home, home } from "./_hookrail.ts";

const data = (h: Home) => join(h.home, ".local", "share", "hookrail");
const stable = (h: Home) => join(data(h), VERSION);
const claudeHook = (h: Home, g = "merge-gate") => join(stable(h), "plugins", g, "claude", "hooks", `${g}.cjs`);
const record = (h: Home) => readInstallRecord(installRecordPath(data(h)));

interface Check {
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}
const failing = async (h: Home) =>
  ((JSON.parse((await h.hookrail("doctor", "--json")).stdout) as { checks: Check[] }).checks ?? []).filter(
    (c) => !c.ok,
  );

async function installedInClaude() {
  const h = home();
  fakeClaude(h);
  const r = await h.hookrail("install", "merge-gate", "--cli", "claude");
  expect(r.code, r.stderr).toBe(0);
  expect((await claudeBashHook(h, "merge-gate@hookrail-user", "ls")).exitCode).toBe(0);
  return h;
}

describe("a hook file of Claude Code's plugin deleted or altered in the stable copy", () => {
  it.each([
    ["deleted", (file: string) => rmSync(file), "has gone, so its hooks cannot start", "claude.hook.cannot-start"],
    [
      "altered",
      (file: string) => writeFileSync(file, "garbage("),
      "differs from what hookrail",
      "claude.plugin.altered",
    ],
  ])(
    "%s: the gate blocks naming the fix; doctor, the session start and update all see it",
    async (how, damage, problem, id) => {
      const h = await installedInClaude();
      damage(claudeHook(h));
      // Every shell command is refused, and the reason names what is wrong and the one command that fixes it.
      const blocked = await claudeBashHook(h, "merge-gate@hookrail-user", "ls");
      expect(blocked.exitCode).toBe(2);
      expect(blocked.stderr).toContain(`merge-gate: blocked because its hook file ${claudeHook(h)}`);
      expect(blocked.stderr).toContain("Run npx hookrail update to put it back, then retry.");
      const problems = await failing(h);
      expect(problems.map((c) => c.id)).toContain(id);
      expect(new Set(problems.map((c) => c.fix))).toEqual(new Set(["run npx hookrail update"]));
      if (how === "deleted")
        expect(vanishedGuardrails(record(h), "claude", h.repo).map((f) => f.why)).toEqual([
          `its hook file ${join(stable(h), "plugins", "merge-gate", "claude", "hooks", "merge-gate.cjs")} has gone`,
        ]);
      const update = await h.hookrail("update");
      expect(update.code, update.stderr).toBe(0);
      expect(update.stdout).toMatch(
        new RegExp(`^merge-gate for Claude Code \\(user scope\\): repaired \\(.*${problem}`, "m"),
      );
      expect(readFileSync(claudeHook(h), "utf8")).toBe(
        readFileSync(join(repoRoot, "plugins", "merge-gate", "claude", "hooks", "merge-gate.cjs"), "utf8"),
      );
      expect((await claudeBashHook(h, "merge-gate@hookrail-user", "ls")).exitCode).toBe(0);
      const merge = await claudeBashHook(h, "merge-gate@hookrail-user", "gh pr merge 1");
      expect(merge.stdout + merge.stderr).toMatch(/MERGE_APPROVED/);
      expect(await failing(h)).toEqual([]);
      // install repairs the same way.
      rmSync(claudeHook(h));
      expect((await h.hookrail("install", "merge-gate", "--cli", "claude")).stdout).toMatch(/: repaired \(/);
      expect(existsSync(claudeHook(h))).toBe(true);
    },
  );
});

describe("hookrail's data folder deleted (the record with it)", () => {
  it("doctor names one fix; update rebuilds the record from the CLIs' files and repairs every install", async () => {
    const h = await installedInClaude();
    expect((await h.hookrail("install", "merge-gate", "branch-drift", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("install", "worktree-check", "--cli", "qwen", "--scope", "project")).code).toBe(0);
    const before = record(h).map((r) => `${r.cli} ${r.scope} ${r.guardrail}`);
    expect(before).toHaveLength(4);
    rmSync(data(h), { recursive: true });
    const problems = await failing(h);
    expect(problems.map((c) => c.id)).toContain("record.missing");
    expect(new Set(problems.map((c) => c.fix?.split(" (")[0]))).toEqual(new Set(["run npx hookrail update"]));
    const update = await h.hookrail("update");
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toMatch(
      /^update: hookrail's install record \(.*\) had gone; rebuilt it from the CLIs' own files \(4 install\(s\)\)$/m,
    );
    expect(
      record(h)
        .map((r) => `${r.cli} ${r.scope} ${r.guardrail}`)
        .sort(),
    ).toEqual(before.sort());
    expect(await failing(h)).toEqual([]);
    expect((await claudeBashHook(h, "merge-gate@hookrail-user", "ls")).exitCode).toBe(0);
    for (const r of record(h)) expect(r.probes?.length, `${r.cli} ${r.guardrail}`).toBeTruthy();
  });
});

/**
 * A second hookrail build of the same version with a guardrail of its own (as `hookrail new` makes): its
 * plugins folder is this build's plus `publish-gate` (the merge gate's Claude Code plugin under that name).
 */
function secondBuild(): string {
  const root = tempDir("hookrail-fork-");
  cpSync(join(repoRoot, "plugins"), join(root, "plugins"), { recursive: true });
  const claude = join(root, "plugins", "publish-gate", "claude");
  cpSync(join(repoRoot, "plugins", "merge-gate", "claude"), claude, { recursive: true });
  renameSync(join(claude, "hooks", "merge-gate.cjs"), join(claude, "hooks", "publish-gate.cjs"));
  for (const file of [join(claude, "hooks", "hooks.json"), join(claude, ".claude-plugin", "plugin.json")])
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("merge-gate", "publish-gate"));
  const market = JSON.parse(readFileSync(join(repoRoot, ".claude-plugin", "marketplace.json"), "utf8"));
  market.plugins.push({ name: "publish-gate", source: "./plugins/publish-gate/claude", version: VERSION });
  mkdirSync(join(root, ".claude-plugin"));
  writeFileSync(join(root, ".claude-plugin", "marketplace.json"), JSON.stringify(market, null, 2));
  return root;
}

describe("two hookrail builds of the same version on one machine", () => {
  it("never remove each other's guardrails; update skips, with a line, a guardrail it does not ship", async () => {
    const h = home();
    fakeClaude(h);
    // What the other build's install of publish-gate leaves: its stable copy, Claude Code's plugin, the record.
    const fork = secondBuild();
    await apply(stage({ version: VERSION, source: fork, root: stable(h) }), h.env);
    const forkInstall = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(forkInstall.code, forkInstall.stderr).toBe(0);
    const { execa } = await import("execa");
    await execa("claude", ["plugin", "install", "publish-gate@hookrail-user"], { env: h.env, cwd: h.repo });
    const recordFile = installRecordPath(data(h));
    const withFork = JSON.parse(readFileSync(recordFile, "utf8"));
    withFork.installs.push({ cli: "claude", scope: "user", guardrail: "publish-gate", version: VERSION });
    writeFileSync(recordFile, JSON.stringify(withFork));
    const publishHook = claudeHook(h, "publish-gate");
    expect(existsSync(publishHook)).toBe(true);

    // This build installs and updates: the other build's guardrail stays, in the folder and in the marketplace.
    rmSync(claudeHook(h));
    expect((await h.hookrail("install", "merge-gate", "--cli", "claude")).code).toBe(0);
    const update = await h.hookrail("update");
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain(
      `publish-gate for Claude Code (user scope): skipped, this hookrail ${VERSION} does not ship it; the hookrail build that installed it updates it\n`,
    );
    expect(existsSync(publishHook)).toBe(true);
    const market = JSON.parse(readFileSync(join(stable(h), ".claude-plugin", "marketplace.json"), "utf8"));
    expect(market.plugins.map((p: { name: string }) => p.name)).toContain("publish-gate");
    expect(record(h).map((r) => r.guardrail)).toEqual(expect.arrayContaining(["merge-gate", "publish-gate"]));
    expect((await claudeBashHook(h, "publish-gate@hookrail-user", "ls")).exitCode).toBe(0);
    // Doctor checks it in Claude Code's files, and never sends this build's update to fix it.
    for (const c of await failing(h)) expect(c.fix).not.toMatch(/^run (npx )?hookrail update/);
  });
});
