// The install lifecycle in-process, for what needs no real CLI: outcome lines, --cli all for the CLIs
// a machine has, all-or-nothing installs (a stand-in `claude` that fails half-way), an uninstall that
// leaves nothing of hookrail's, and the session-start line from the installed bundle itself.
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ourTrust } from "@hookrail/codex/install";
import { installRecordPath, readInstallRecord, vanishedGuardrails } from "@hookrail/core";
import { removeTable } from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";
import { fakeClaude } from "./_fake-claude.ts";
import { home, startSession, tree } from "./_hookrail.ts";

describe("outcome lines", () => {
  it("say what happened, once for the guardrails of a CLI that came to the same, and end with one line and the next step", async () => {
    const h = home();
    const first = await h.hookrail("install", "merge-gate", "branch-drift", "--cli", "codex");
    expect(first.stdout).toBe(
      [
        `merge-gate, branch-drift for Codex (user scope): installed (${join(h.home, ".codex", "hookrail", "*")})`,
        "install: 2 installed; next: hookrail doctor checks that each one will run",
        "",
      ].join("\n"),
    );
    const again = await h.hookrail("install", "merge-gate", "--cli", "codex");
    expect(again.stdout).toBe(
      "merge-gate for Codex (user scope): already installed, unchanged\ninstall: 0 installed, 1 already installed; next: hookrail doctor checks that each one will run\n",
    );
    // Its trust gone: the install repairs it, and says so.
    h.write(".codex/config.toml", "");
    const repaired = await h.hookrail("install", "merge-gate", "--cli", "codex");
    // Its three hooks: the shell and file tools, MCP tools, the prompt.
    expect(repaired.stdout).toMatch(/^merge-gate for Codex \(user scope\): repaired \(3 hook\(s\) not trusted/);
    expect(repaired.stdout).toMatch(/\ninstall: 0 installed, 1 repaired; next: hookrail doctor/);
    // Its hooks gone from hooks.json: update puts it back, and says it had vanished.
    h.write(".codex/hooks.json", '{\n  "hooks": {}\n}\n');
    const update = await h.hookrail("update");
    expect(update.stdout).toMatch(
      /^branch-drift, merge-gate for Codex \(user scope\): reinstalled, it had vanished \(hooks\.json, config\.toml\)$/m,
    );
    expect(update.stdout).toMatch(/^update: 2 updated, 0 unchanged; next: hookrail doctor/m);
    expect((await h.hookrail("update")).stdout).toMatch(
      /^branch-drift, merge-gate for Codex \(user scope\): already installed, unchanged\nupdate: 0 updated, 2 unchanged/m,
    );
    const gone = await h.hookrail("uninstall", "merge-gate", "--cli", "copilot");
    expect(gone.stdout).toBe(
      "merge-gate for Copilot CLI (user scope): not installed, nothing to remove\nuninstall: 0 removed, 1 not installed; nothing was changed\n",
    );
  });
});

describe("--cli all", () => {
  it("installs into the CLIs this machine has and names each one left out, and why", async () => {
    const h = home();
    mkdirSync(join(h.home, ".codex"));
    mkdirSync(join(h.home, ".claude"));
    const r = await h.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split("\n").filter(Boolean)).toEqual([
      "hookrail: skipped Gemini CLI: not found on this machine (no gemini on PATH, no ~/.gemini)",
      "hookrail: skipped Copilot CLI: not found on this machine (no copilot on PATH, no ~/.copilot)",
      "hookrail: skipped Qwen Code: not found on this machine (no qwen on PATH, no ~/.qwen)",
      "hookrail: skipped Cline: not found on this machine (no cline on PATH, no ~/.cline)",
      "hookrail: skipped Factory Droid: not found on this machine (no droid on PATH, no ~/.factory)",
      "hookrail: skipped Cursor: not found on this machine (no cursor-agent on PATH, no ~/.cursor)",
      "hookrail: skipped Antigravity CLI: not found on this machine (no agy on PATH, no ~/.gemini/config, no ~/.gemini/antigravity-cli)",
      "hookrail: skipped OpenCode: not found on this machine (no opencode on PATH, no ~/.config/opencode)",
      "hookrail: skipped Kilo Code CLI: not found on this machine (no kilo on PATH, no ~/.config/kilo)",
      "hookrail: skipped Pi: not found on this machine (no pi on PATH, no ~/.pi/agent)",
      "hookrail: skipped Kimi Code: not found on this machine (no kimi on PATH, no ~/.kimi-code)",
      "hookrail: skipped Amp: not found on this machine (no amp on PATH, no ~/.config/amp)",
      "hookrail: skipped OpenClaw: not found on this machine (no openclaw on PATH, no ~/.openclaw)",
      "hookrail: skipped Auggie: not found on this machine (no auggie on PATH, no ~/.augment)",
      "hookrail: skipped Claude Code: its own installer runs claude, which is not on PATH",
    ]);
    expect(r.stdout).toMatch(/^merge-gate for Codex \(user scope\): installed/);
    const skipped = r.stderr.split("\n").filter((l) => l.startsWith("hookrail: skipped ")).length;
    expect(r.stdout).toMatch(new RegExp(`\\ninstall: 1 installed, ${skipped} CLIs skipped; next: hookrail doctor`));
  });

  it("with no CLI at all: one line, exit 1, nothing written", async () => {
    const h = home();
    const r = await h.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/hookrail: no CLI to install into here; install one of them first\n$/);
    expect(tree(h.home)).toEqual({});
  });
});

describe("all or nothing", () => {
  it("a CLI's own installer failing half-way puts back everything the install changed", async () => {
    const h = home();
    const settings = h.write(".claude/settings.json", '{\n    "model": "opus"\n}\n');
    // Claude Code's installer as far as hookrail sees it: the marketplace added, then the plugin install fails.
    h.fakeBin(
      "claude",
      [
        'if [ "$2" = marketplace ]; then',
        `  mkdir -p "$HOME/.claude/plugins" && echo '{"hookrail-user":{}}' > "$HOME/.claude/plugins/known_marketplaces.json"`,
        '  echo \'{"extraKnownMarketplaces":{"hookrail-user":{}}}\' > "$HOME/.claude/settings.json"; exit 0',
        "fi",
        'echo "plugin install failed: disk full" >&2; exit 1',
      ].join("\n"),
    );
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "claude plugin install merge-gate@hookrail-user failed (exit 1):\nplugin install failed: disk full",
    );
    expect(r.stderr).toMatch(/rolled back: nothing was changed\n$/);
    expect(tree(h.home)).toEqual(before);
    expect(h.read(settings)).toBe('{\n    "model": "opus"\n}\n');
  });

  it("a CLI command that cannot start is said as such, never as a failure with no exit code", async () => {
    const h = home();
    // On PATH and executable, but its interpreter is gone (as after a removed runtime).
    chmodSync(h.write("bin/claude", "#!/nowhere/node\n"), 0o755);
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/claude plugin marketplace add \S+ failed \(could not start: ENOENT\)/);
    expect(r.stderr).not.toMatch(/undefined|timed out/);
    expect(tree(h.home)).toEqual(before);
  });
});

describe("uninstall leaves nothing of hookrail's", () => {
  it("records, stable copy, state, code cache and every folder it made go; the user's files are as they were", async () => {
    const h = home();
    h.write(".codex/config.toml", '# mine\nmodel = "m"\n');
    h.write(".cache/other-tool/keep", "x");
    h.write(".copilot/hooks/mine.json", '{"version":1,"hooks":{}}\n');
    const before = { home: tree(h.home), repo: tree(h.repo) };
    expect((await h.hookrail("install", "all", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("install", "merge-gate", "plan-export", "--cli", "copilot")).code).toBe(0);
    expect((await h.hookrail("install", "branch-drift", "--cli", "codex", "--scope", "project")).code).toBe(0);
    expect((await h.hookrail("install", "worktree-check", "--cli", "gemini", "--scope", "project")).code).toBe(0);
    // What the hooks themselves leave while they run.
    h.write(".local/state/hookrail/sessions/x.json", "{}");
    h.write(".cache/hookrail/v8/merge-gate.bin", "cache");
    expect((await h.hookrail("uninstall", "all", "--cli", "all")).code).toBe(0);
    expect((await h.hookrail("uninstall", "all", "--cli", "all", "--scope", "project")).code).toBe(0);
    expect(tree(h.home)).toEqual(before.home);
    expect(tree(h.repo)).toEqual(before.repo);
  });
});

describe("the audit log outlives the last uninstall", () => {
  const entry = '{"time":"2026-12-01T10:00:00.000Z","cli":"codex","guardrail":"merge-gate","decision":"block"}\n';

  it("is kept, and the uninstall says where; --purge afterwards removes it", async () => {
    const h = home();
    const before = tree(h.home);
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    h.write(".local/state/hookrail/sessions/x.json", "{}");
    const log = h.write(".local/state/hookrail/audit/2026-12-01.jsonl", entry);
    const auditDir = join(h.home, ".local", "state", "hookrail", "audit");
    const r = await h.hookrail("uninstall", "all", "--cli", "all");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `kept the audit log: ${auditDir} (hookrail log reads it; uninstall with --purge, or delete the folder, to remove it)\n`,
    );
    // Only the audit log is left of hookrail's.
    expect(tree(h.home)).toEqual({ ...before, ".local/state/hookrail/audit/2026-12-01.jsonl": entry });
    expect(JSON.parse((await h.hookrail("log", "--json")).stdout)).toHaveLength(1);

    const purged = await h.hookrail("uninstall", "all", "--cli", "all", "--purge");
    expect(purged.code).toBe(0);
    expect(purged.stdout).toContain(`removed the audit log: ${auditDir} (--purge)\n`);
    expect(existsSync(log)).toBe(false);
    // The record of the folders install made went with the last uninstall: XDG's own ~/.local/state stays.
    expect(tree(h.home)).toEqual({ ...before, ".local/state/": "" });
  });

  it("--purge with the last install removes it at once; with installs left it keeps it and says why", async () => {
    const h = home();
    const before = tree(h.home);
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot")).code).toBe(0);
    h.write(".local/state/hookrail/audit/2026-12-01.jsonl", entry);
    const partial = await h.hookrail("uninstall", "merge-gate", "--cli", "codex", "--purge");
    expect(partial.stdout).toContain(
      "kept the audit log: 1 install(s) remain and still write it; --purge removes it with the last one\n",
    );
    expect(existsSync(join(h.home, ".local/state/hookrail/audit/2026-12-01.jsonl"))).toBe(true);
    const last = await h.hookrail("uninstall", "merge-gate", "--cli", "copilot", "--purge");
    expect(last.stdout).toMatch(/removed the audit log: .*audit \(--purge\)\n/);
    expect(tree(h.home)).toEqual(before);
  });

  it("an uninstall with no audit log written says nothing of it", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("uninstall", "all", "--cli", "all")).stdout).not.toContain("audit");
  });
});

describe("Claude Code's project scope", () => {
  it("says where in the project it is installed, not the copy in the user's home", async () => {
    const h = home();
    fakeClaude(h);
    const r = await h.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `^merge-gate for Claude Code \\(project scope\\): installed \\(${join(h.repo, ".claude", "settings.json")}\\)$`,
        "m",
      ),
    );
  });
});

describe("the session-start line", () => {
  it("comes from the installed bundle of another guardrail when a recorded one will not run", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "worktree-check", "--cli", "codex")).code).toBe(0);
    const bundle = join(h.home, ".codex", "hookrail", "worktree-check", "worktree-check.cjs");
    const start = (sessionId: string) => startSession(h, "codex", bundle, sessionId);
    const fine = await start("s1");
    expect(fine.exitCode).toBe(0);
    expect(JSON.stringify(fine.json)).not.toContain("will not run");
    // The merge gate's trust is lost (Codex would skip its hooks without a word).
    const hooksFile = join(h.home, ".codex", "hooks.json");
    let config = h.read(".codex/config.toml");
    for (const { key } of ourTrust(hooksFile, h.read(hooksFile), "merge-gate"))
      config = removeTable(config, ["hooks", "state", key], "config.toml");
    writeFileSync(join(h.home, ".codex", "config.toml"), config);
    const told = await start("s2");
    expect(told.json?.systemMessage).toMatch(
      /^hookrail: merge-gate will not run in Codex: Codex no longer trusts its hooks \(.*config\.toml\); run `hookrail doctor` for the fix$/m,
    );
    // Once per session.
    expect(JSON.stringify((await start("s2")).json ?? {})).not.toContain("will not run");
    expect(existsSync(bundle)).toBe(true);
  });
});

describe("the session-start line for a bundle that has gone", () => {
  // The hook file, or the bundle's file its loader reads beside it: each named, and each put back by update.
  it.each<[string, (gone: string) => string]>([
    ["merge-gate.cjs", (gone) => `${gone} has gone, so its hooks cannot start`],
    ["merge-gate.bundle", (gone) => `its hooks cannot start: ${gone} is missing or unreadable`],
  ])("names the file that is missing, not its folder, and doctor does too (Codex: %s)", async (name, doctorSays) => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "worktree-check", "--cli", "codex")).code).toBe(0);
    const gone = join(h.home, ".codex", "hookrail", "merge-gate", name);
    rmSync(gone);
    const told = await startSession(
      h,
      "codex",
      join(h.home, ".codex", "hookrail", "worktree-check", "worktree-check.cjs"),
      "s1",
    );
    expect(told.json?.systemMessage).toContain(`merge-gate will not run in Codex: its bundle ${gone} has gone;`);
    const doctor = await h.hookrail("doctor");
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain(doctorSays(gone));
    expect((await h.hookrail("update")).code).toBe(0);
    expect(existsSync(gone)).toBe(true);
    expect((await h.hookrail("doctor")).code).toBe(0);
  });
});

describe("the record's probes", () => {
  it("follow hooks another install moved: no line about a guardrail that will run", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "branch-drift", "--cli", "codex")).code).toBe(0);
    // Codex trusts by place: branch-drift's hooks move up when the merge gate's go, and its trust with them.
    expect((await h.hookrail("uninstall", "merge-gate", "--cli", "codex")).code).toBe(0);
    const record = readInstallRecord(installRecordPath(join(h.home, ".local", "share", "hookrail")));
    expect(record.map((r) => r.guardrail)).toEqual(["branch-drift"]);
    expect(vanishedGuardrails(record, "codex", h.repo)).toEqual([]);
    expect((await h.hookrail("doctor")).code).toBe(0);
  });
});

describe("a slow step on a terminal", () => {
  /** A stand-in Claude Code whose own installer takes a moment. */
  const slowClaude = (h: ReturnType<typeof home>) =>
    h.fakeBin(
      "claude",
      'sleep 0.5; if [ "$2" = install ]; then echo \'{"enabledPlugins":{"merge-gate@hookrail-user":true}}\' > "$HOME/.claude/settings.json"; fi; exit 0',
    );

  async function run(h: ReturnType<typeof home>, isTTY: boolean) {
    let stdout = "";
    const code = await main(["install", "merge-gate", "--cli", "claude"], {
      stdin: Readable.from([]),
      stdout: { write: (t: string) => (stdout += t), isTTY, columns: 80 },
      stderr: { write: () => true },
      env: h.env,
      cwd: h.repo,
    });
    return { code, stdout };
  }

  it("shows a one-line progress indicator for each of the CLI's own commands, erased when it ends", async () => {
    const h = home();
    slowClaude(h);
    const r = await run(h, true);
    expect(r.code).toBe(0);
    const erase = "\r\u001b[K";
    const lines = r.stdout.split(erase);
    expect(lines.some((l) => /^. claude plugin marketplace add /.test(l))).toBe(true);
    expect(lines.some((l) => /^. claude plugin install merge-gate@hookrail-user/.test(l))).toBe(true);
    // Each indicator is erased before the next line is printed.
    expect(r.stdout).toContain(`${erase}merge-gate for Claude Code (user scope): installed`);
  });

  it("prints nothing extra when stdout is not a terminal", async () => {
    const h = home();
    slowClaude(h);
    const r = await run(h, false);
    expect(r.code).toBe(0);
    expect(r.stdout.includes("\r") || r.stdout.includes("\u001b")).toBe(false);
  });
});

describe("files a CLI cannot read", () => {
  it("a hooks.json with a comment: Codex cannot read it, so nothing is changed, and the message says so", async () => {
    const h = home();
    const text = '{\n  // mine\n  "hooks": {}\n}\n';
    const file = h.write(".codex/hooks.json", text);
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "--cli", "codex");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `hookrail: comments are not allowed in ${file} (line 2, column 3), and Codex cannot read it; fix it, then run again: nothing was changed\n`,
    );
    expect(tree(h.home)).toEqual(before);
  });

  it("a settings file with a trailing comma: the file, line and column", async () => {
    const h = home();
    const file = h.write(".claude/settings.json", '{\n  "model": "opus",\n}\n');
    h.fakeBin("claude", "exit 0");
    const r = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file} does not parse as strict JSON: a trailing comma at line 2, column 18`);
    expect(r.stderr).toContain("Claude Code switches every plugin off");
  });
});
