// The packed hookrail installing into Claude Code through Claude Code's own installer (the pinned
// real binary on PATH): plugin marketplace add + plugin install, offline, from the stable copy.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandbox } from "./sandbox.ts";

// The user's settings, indented with four spaces, with a hook of their own.
const USER_SETTINGS = `{
    "model": "opus",
    "hooks": {
        "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "mine.sh" }] }]
    }
}
`;

describe("hookrail install --cli claude", () => {
  it("user scope: marketplace added, plugin installed and enabled; the user's file keeps its form; uninstall gives it back", async () => {
    const box = sandbox(["claude"]);
    box.write(".claude/settings.json", USER_SETTINGS);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode, r.stderr).toBe(0);
    const settings = box.read(".claude/settings.json");
    expect(settings.startsWith('{\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [{ "matcher"')).toBe(
      true,
    );
    expect(JSON.parse(settings)).toMatchObject({
      enabledPlugins: { "merge-gate@hookrail": true },
      extraKnownMarketplaces: {
        hookrail: { source: { source: "directory", path: expect.stringContaining("/.local/share/hookrail/") } },
      },
    });
    expect((await box.hookrail("list")).stdout).toMatch(/claude +user +merge-gate +\S+ +yes/);

    expect((await box.hookrail("install", "merge-gate", "--cli", "claude", "--dry-run")).stdout).toContain(
      "(nothing to change)",
    );
    const again = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(again.exitCode).toBe(0);
    expect(box.read(".claude/settings.json")).toBe(settings);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    expect(box.read(".claude/settings.json")).toBe(USER_SETTINGS);
    expect(JSON.parse(box.read(".claude/plugins/installed_plugins.json")).plugins).toEqual({});
  });

  it("doctor names a disabled plugin and a marketplace folder that has gone", async () => {
    const box = sandbox(["claude"]);
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    box.write(
      ".claude/settings.json",
      box.read(".claude/settings.json").replace('"merge-gate@hookrail": true', '"merge-gate@hookrail": false'),
    );
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(
      /merge-gate@hookrail is disabled in .*settings\.json\n +-> run claude plugin enable merge-gate@hookrail/,
    );
    rmSync(join(box.home, ".local", "share", "hookrail"), { recursive: true });
    expect((await box.hookrail("doctor")).stdout).toMatch(/the hookrail marketplace folder \S+ has gone/);
  });

  it("refuses settings Claude Code cannot edit (comments), naming the file, before anything runs", async () => {
    const box = sandbox(["claude"]);
    const text = `{\n  // mine\n  "model": "opus"\n}\n`;
    box.write(".claude/settings.json", text);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${join(box.home, ".claude", "settings.json")} is not valid JSON`);
    expect(box.read(".claude/settings.json")).toBe(text);
    expect(existsSync(join(box.home, ".claude", "plugins"))).toBe(false);
  });

  it("without claude on PATH: one clear line, exit 1, nothing written", async () => {
    const box = sandbox([]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^hookrail: claude is not on PATH, so install merge-gate cannot be done and nothing was changed/,
    );
    expect(existsSync(join(box.home, ".local"))).toBe(false);
    expect(existsSync(join(box.home, ".codex"))).toBe(false);
  });

  it("project scope: the marketplace committed in .claude/hookrail, declared and enabled in .claude/settings.json", async () => {
    const box = sandbox(["claude"]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project");
    expect(r.exitCode, r.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(join(box.repo, ".claude", "settings.json"), "utf8"));
    expect(settings).toMatchObject({
      enabledPlugins: { "merge-gate@hookrail": true },
      extraKnownMarketplaces: {
        hookrail: { source: { source: "directory", path: join(box.repo, ".claude", "hookrail") } },
      },
    });
    expect(
      existsSync(join(box.repo, ".claude", "hookrail", "plugins", "merge-gate", "claude", "hooks", "merge-gate.cjs")),
    ).toBe(true);
    expect((await box.hookrail("list")).stdout).toMatch(
      new RegExp(`claude +project ${box.repo} +merge-gate +\\S+ +yes`),
    );
    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "claude", "--scope", "project")).exitCode).toBe(0);
    expect(existsSync(join(box.repo, ".claude", "settings.json"))).toBe(false);
    expect(existsSync(join(box.repo, ".claude", "hookrail"))).toBe(false);
  });
});
