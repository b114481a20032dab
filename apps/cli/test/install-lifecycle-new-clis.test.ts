// The install lifecycle for Qwen Code, Factory Droid, Cursor and Antigravity CLI, in-process against real
// temporary folders: `--cli all` finds them by their command or their own folder; a named `--cli` installs
// without the command where the installer only writes files; each way one vanishes by the CLI's own means
// is seen by the session-start check (from the record's probes) and by doctor; uninstall leaves nothing;
// a failure half-way puts everything back. Qwen's user scope runs `qwen extensions …`: a stand-in does
// what qwen 0.24.4 was measured doing (the real one: test/cells/install/lifecycle.test.ts).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { installRecordPath, readInstallRecord, vanishedGuardrails } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";
import { type Home, home, startSession, tree } from "./_hookrail.ts";

/** `qwen extensions install <dir> --consent` and `uninstall <name>` as qwen 0.24.4 does them; `fails`: guardrails whose install fails. */
function fakeQwen(h: Home, fails: string[] = []) {
  h.fakeBin(
    "qwen",
    [
      // The tools it uses, not on the PATH the home gives hookrail.
      'PATH="/usr/bin:/bin:$PATH"; ext="$HOME/.qwen/extensions"',
      // Like qwen, it adds its "$version" to the settings of the folder it runs in.
      `[ -f .qwen/settings.json ] && node -e 'const fs = require("fs"), f = ".qwen/settings.json"; fs.writeFileSync(f, JSON.stringify({ ...JSON.parse(fs.readFileSync(f, "utf8")), $version: 4 }))'`,
      'if [ "$2" = install ]; then',
      '  g=$(basename "$(dirname "$3")"); mkdir -p "$ext"',
      '  [ -f "$ext/extension-enablement.json" ] || echo "{}" > "$ext/extension-enablement.json"',
      `  case "$g" in ${fails.length ? fails.join("|") : "-"}) echo "install of $g failed" >&2; exit 1;; esac`,
      '  cp -r "$3" "$ext/$g" && echo "{\\"source\\":\\"$3\\"}" > "$ext/$g/.qwen-extension-install.json"; exit 0',
      "fi",
      'if [ "$2" = uninstall ]; then rm -rf "$ext/$3"; exit 0; fi',
      "exit 2",
    ].join("\n"),
  );
}

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("--cli all and the new CLIs", () => {
  it("tries each only where its command or its folder is, and leaves Qwen's user scope out without qwen", async () => {
    const h = home();
    for (const dir of [".factory", ".cursor", ".qwen"]) h.write(`${dir}/.keep`, "");
    h.fakeBin("agy", "exit 0");
    const r = await h.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stderr)).toEqual([
      "hookrail: skipped Claude Code: not found on this machine (no claude on PATH, no ~/.claude)",
      "hookrail: skipped Gemini CLI: not found on this machine (no gemini on PATH, no ~/.gemini)",
      "hookrail: skipped Codex: not found on this machine (no codex on PATH, no ~/.codex)",
      "hookrail: skipped Copilot CLI: not found on this machine (no copilot on PATH, no ~/.copilot)",
      "hookrail: skipped Cline: not found on this machine (no cline on PATH, no ~/.cline)",
      "hookrail: skipped OpenCode: not found on this machine (no opencode on PATH, no ~/.config/opencode)",
      "hookrail: skipped Kilo Code CLI: not found on this machine (no kilo on PATH, no ~/.config/kilo)",
      "hookrail: skipped Pi: not found on this machine (no pi on PATH, no ~/.pi/agent)",
      "hookrail: skipped Kimi Code: not found on this machine (no kimi on PATH, no ~/.kimi-code)",
      "hookrail: skipped Amp: not found on this machine (no amp on PATH, no ~/.config/amp)",
      "hookrail: skipped OpenClaw: not found on this machine (no openclaw on PATH, no ~/.openclaw)",
      "hookrail: skipped Auggie: not found on this machine (no auggie on PATH, no ~/.augment)",
      "hookrail: skipped Qwen Code: its own installer runs qwen, which is not on PATH",
    ]);
    for (const title of ["Cursor", "Antigravity CLI", "Factory Droid"])
      expect(r.stdout).toMatch(new RegExp(`^merge-gate for ${title} \\(user scope\\): installed`, "m"));
    const skipped = r.stderr.split("\n").filter((l) => l.startsWith("hookrail: skipped ")).length;
    expect(r.stdout).toMatch(new RegExp(`\\ninstall: 3 installed, ${skipped} CLIs skipped; next: hookrail doctor`));
  });

  it("a named --cli installs without the command where only files are written, and says so where it is needed", async () => {
    const h = home();
    for (const cli of ["droid", "cursor", "antigravity"])
      expect((await h.hookrail("install", "merge-gate", "--cli", cli)).code).toBe(0);
    expect((await h.hookrail("install", "merge-gate", "--cli", "qwen", "--scope", "project")).code).toBe(0);
    const before = tree(h.home);
    const qwen = await h.hookrail("install", "merge-gate", "--cli", "qwen");
    expect(qwen.code).toBe(1);
    expect(qwen.stderr).toMatch(/qwen/);
    expect(tree(h.home)).toEqual(before);
  });
});

type Case = [string, string[], (h: Home) => void, RegExp, string];

const droidHooks = (h: Home) => join(h.home, ".factory", "hooks.json");
const cursorHooks = (h: Home) => join(h.home, ".cursor", "hooks.json");
const agyHooks = (h: Home) => join(h.home, ".gemini", "config", "hooks.json");
const auggieSettings = (h: Home) => join(h.home, ".augment", "settings.json");

const cases: Case[] = [
  [
    "Droid: its hooks removed from ~/.factory/hooks.json",
    ["install", "merge-gate", "--cli", "droid"],
    (h) => writeFileSync(droidHooks(h), "{}\n"),
    /its hooks are gone from .*\.factory\/hooks\.json/,
    "droid.guardrail.vanished",
  ],
  [
    "Droid: every hook switched off",
    ["install", "merge-gate", "--cli", "droid"],
    (h) => writeFileSync(droidHooks(h), JSON.stringify({ ...JSON.parse(h.read(droidHooks(h))), hooksDisabled: true })),
    /hooksDisabled is true in .*\.factory\/hooks\.json/,
    "droid.hooks.disabled",
  ],
  [
    "Droid (project): its copy deleted",
    ["install", "merge-gate", "--cli", "droid", "--scope", "project"],
    (h) => rmSync(join(h.repo, ".factory", "hookrail"), { recursive: true }),
    /hookrail\/merge-gate has gone/,
    "droid.hook.cannot-start",
  ],
  [
    "Auggie: its groups removed from ~/.augment/settings.json",
    ["install", "merge-gate", "--cli", "auggie"],
    (h) => writeFileSync(auggieSettings(h), "{}\n"),
    /its hooks are gone from .*\.augment\/settings\.json/,
    "auggie.guardrail.vanished",
  ],
  [
    "Auggie: the dispatcher two guardrails share deleted",
    ["install", "merge-gate,command-gates", "--cli", "auggie"],
    (h) => rmSync(join(h.home, ".augment", "hookrail", "dispatch.cjs")),
    /hookrail\/dispatch\.cjs, which runs it, has gone/,
    "auggie.dispatcher.missing",
  ],
  [
    "Auggie (project): its folder deleted",
    ["install", "merge-gate", "--cli", "auggie", "--scope", "project"],
    (h) => rmSync(join(h.repo, ".augment", "hookrail", "merge-gate"), { recursive: true }),
    /its bundle .*hookrail\/merge-gate has gone/,
    "auggie.hook.cannot-start",
  ],
  [
    "Cursor: its entries removed from hooks.json",
    ["install", "merge-gate", "--cli", "cursor"],
    (h) => writeFileSync(cursorHooks(h), '{ "version": 1, "hooks": {} }\n'),
    /its entries are gone from .*\.cursor\/hooks\.json/,
    "cursor.guardrail.vanished",
  ],
  [
    "Cursor (project): its bundle deleted",
    ["install", "merge-gate", "--cli", "cursor", "--scope", "project"],
    (h) => rmSync(join(h.repo, ".cursor", "hookrail", "merge-gate", "merge-gate.cjs")),
    /merge-gate\.cjs has gone/,
    "cursor.hook.cannot-start",
  ],
  [
    "Antigravity CLI: its named hook set enabled: false",
    ["install", "merge-gate", "--cli", "antigravity"],
    (h) => {
      const data = JSON.parse(h.read(agyHooks(h)));
      data["hookrail-merge-gate"].enabled = false;
      writeFileSync(agyHooks(h), JSON.stringify(data, null, 2));
    },
    /"enabled": false switches hookrail-merge-gate off/,
    "antigravity.hook.disabled",
  ],
  [
    "Antigravity CLI (project): its named hook removed",
    ["install", "merge-gate", "--cli", "antigravity", "--scope", "project"],
    (h) => writeFileSync(join(h.repo, ".agents", "hooks.json"), "{}\n"),
    /hookrail-merge-gate is gone from .*\.agents\/hooks\.json/,
    "antigravity.guardrail.vanished",
  ],
  [
    "Qwen Code: qwen extensions uninstall",
    ["install", "merge-gate", "--cli", "qwen"],
    (h) => rmSync(join(h.home, ".qwen", "extensions", "merge-gate"), { recursive: true }),
    /its extension .*merge-gate has gone/,
    "qwen.guardrail.vanished",
  ],
  [
    "Qwen Code (project): every hook switched off in the user's settings",
    ["install", "merge-gate", "--cli", "qwen", "--scope", "project"],
    (h) => h.write(".qwen/settings.json", '{ "disableAllHooks": true }\n'),
    /disableAllHooks is true in .*\.qwen\/settings\.json/,
    "qwen.hooks.disabled",
  ],
  [
    "Qwen Code (project): its hooks removed from the project's settings",
    ["install", "merge-gate", "--cli", "qwen", "--scope", "project"],
    (h) => writeFileSync(join(h.repo, ".qwen", "settings.json"), "{}\n"),
    /its hooks are gone from .*\.qwen\/settings\.json/,
    "qwen.guardrail.vanished",
  ],
];

const recorded = (h: Home) => readInstallRecord(installRecordPath(join(h.home, ".local", "share", "hookrail")));

describe("a guardrail that vanishes by the CLI's own means", () => {
  it.each(cases)("%s: the session-start check and doctor say so", async (_, install, vanish, why, id) => {
    const h = home();
    fakeQwen(h);
    const r = await h.hookrail(...install);
    expect(r.code, r.stderr).toBe(0);
    const cli = install[3] ?? "";
    // Right after the install every probe holds (no false alarm), and doctor is content.
    expect(vanishedGuardrails(recorded(h), cli, h.repo)).toEqual([]);
    expect((await h.hookrail("doctor")).code).toBe(0);
    vanish(h);
    // Each guardrail installed says why (two that share a dispatcher both lose it).
    const whys = vanishedGuardrails(recorded(h), cli, h.repo).map((v) => v.why);
    expect(whys).toEqual(install[1]?.split(",").map(() => expect.stringMatching(why)));
    const doctor = await h.hookrail("doctor", "--json");
    expect(doctor.code, doctor.stdout).toBe(1);
    const failed = (JSON.parse(doctor.stdout) as { checks: { id: string; ok: boolean }[] }).checks.filter((c) => !c.ok);
    expect(failed.map((c) => c.id)).toContain(id);
    expect((await h.hookrail("list")).code).toBe(1);
  });

  it("Qwen Code: qwen extensions disable for the user: told at session start; doctor says so where Qwen skips it", async () => {
    const h = home();
    fakeQwen(h);
    expect((await h.hookrail("install", "merge-gate", "--cli", "qwen")).code).toBe(0);
    expect(vanishedGuardrails(recorded(h), "qwen", h.repo)).toEqual([]);
    // What qwen 0.24.4 writes for `qwen extensions disable merge-gate`: off in the home folder and below.
    h.write(
      ".qwen/extensions/extension-enablement.json",
      JSON.stringify({ "merge-gate": { overrides: [`!${h.home}/*`] } }),
    );
    expect(vanishedGuardrails(recorded(h), "qwen", h.repo).map((v) => v.why)).toEqual([
      "the extension is disabled (qwen extensions disable merge-gate)",
    ]);
    const doctorIn = async (cwd: string) => {
      let stdout = "";
      const none = { write: () => true };
      const code = await main(["doctor", "--json"], {
        stdin: Readable.from([]),
        stdout: { write: (t: string) => (stdout += t) },
        stderr: none,
        env: h.env,
        cwd,
      });
      return {
        code,
        ids: (JSON.parse(stdout) as { checks: { id: string; ok: boolean }[] }).checks
          .filter((c) => !c.ok)
          .map((c) => c.id),
      };
    };
    const inHome = join(h.home, "work");
    mkdirSync(inHome);
    expect(await doctorIn(inHome)).toEqual({ code: 1, ids: ["qwen.extension.disabled"] });
    // Qwen still runs it in a folder outside the home folder; doctor says what Qwen does.
    expect(await doctorIn(h.repo)).toEqual({ code: 0, ids: [] });
  });

  it("the installed session-start bundle tells the user, once per session (Droid)", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "worktree-check", "--cli", "droid")).code).toBe(0);
    const bundle = join(h.home, ".factory", "hookrail", "worktree-check", "worktree-check.cjs");
    const start = (sessionId: string) => startSession(h, "droid", bundle, sessionId);
    expect((await start("s1")).stdout).not.toContain("will not run");
    rmSync(join(h.home, ".factory", "hookrail", "merge-gate"), { recursive: true });
    const told = await start("s2");
    expect(told.exitCode).toBe(0);
    expect(told.stdout).toMatch(
      /hookrail: merge-gate will not run in Factory Droid: .*merge-gate has gone; run `hookrail doctor`/,
    );
    expect((await start("s2")).stdout).not.toContain("will not run");
  });
});

describe("uninstall and rollback", () => {
  it("uninstall all --cli all gives every file back and leaves nothing of hookrail's", async () => {
    const h = home();
    fakeQwen(h);
    h.write(".factory/settings.json", '{ "model": "m" }\n');
    h.write(".cursor/hooks.json", '{\n  "version": 1,\n  "hooks": { "stop": [{ "command": "./mine.sh" }] }\n}\n');
    h.write(".gemini/config/hooks.json", '{\n  "mine": { "events": ["PreToolUse"], "command": "true" }\n}\n');
    const before = { home: tree(h.home), repo: tree(h.repo) };
    expect((await h.hookrail("install", "merge-gate", "worktree-check", "--cli", "all")).code).toBe(0);
    for (const cli of ["qwen", "droid", "cursor", "antigravity"])
      expect((await h.hookrail("install", "merge-gate", "--cli", cli, "--scope", "project")).code).toBe(0);
    expect(recorded(h).map((r) => r.cli)).toEqual(expect.arrayContaining(["qwen", "droid", "cursor", "antigravity"]));
    expect((await h.hookrail("uninstall", "all", "--cli", "all")).code).toBe(0);
    expect((await h.hookrail("uninstall", "all", "--cli", "all", "--scope", "project")).code).toBe(0);
    // Qwen's own installer leaves its bookkeeping (extension-enablement.json): Qwen's, not hookrail's.
    const qwenOwn = ".qwen/extensions/extension-enablement.json";
    expect({ ...tree(h.home), [qwenOwn]: undefined }).toEqual({ ...before.home, [qwenOwn]: undefined });
    expect(tree(h.repo)).toEqual(before.repo);
  });

  it("Qwen's installer failing for the second guardrail puts back the first, and what --cli all wrote before it", async () => {
    const h = home();
    fakeQwen(h, ["worktree-check"]);
    h.write(".cursor/hooks.json", '{ "version": 1, "hooks": {} }\n');
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "worktree-check", "--cli", "all");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("install of worktree-check failed");
    expect(r.stderr).toMatch(/rolled back: nothing was changed\n$/);
    expect(tree(h.home)).toEqual(before);
  });
});
