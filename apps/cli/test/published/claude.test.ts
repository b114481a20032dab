// The packed hookrail installing into Claude Code through Claude Code's own installer (the pinned
// real binary on PATH): plugin marketplace add + plugin install, offline. Each scope has its own
// marketplace, so the user scope and every repository leave each other alone, as `claude plugin list` shows.
import { chmodSync, cpSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gitRepo } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox } from "./sandbox.ts";

// The user's settings, indented with four spaces, with a hook of their own.
const USER_SETTINGS = `{
    "model": "opus",
    "hooks": {
        "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "mine.sh" }] }]
    }
}
`;
const TEAM_SETTINGS = `{
  "permissions": { "allow": ["Bash(npm test)"] }
}
`;

/** `claude plugin list` in `cwd`: each plugin id with its scope and status. */
async function pluginList(box: Sandbox, cwd: string): Promise<string[]> {
  const r = await execa("claude", ["plugin", "list"], {
    cwd,
    env: box.env,
    extendEnv: false,
    reject: false,
    stdin: "ignore",
  });
  const rows: string[] = [];
  for (const block of r.stdout.split("❯ ").slice(1)) {
    const id = block.split("\n")[0]?.trim() ?? "";
    if (!id.includes("hookrail")) continue;
    const scope = /Scope: (\S+)/.exec(block)?.[1] ?? "?";
    const status = /Status: (.+)/.exec(block)?.[1]?.trim() ?? "?";
    rows.push(`${id} ${scope} ${status}`);
  }
  return rows.sort();
}

const userId = "merge-gate@hookrail-user";
const projectId = (box: Sandbox, dir = box.repo) =>
  Object.keys(JSON.parse(readFileSync(join(dir, ".claude", "settings.json"), "utf8")).enabledPlugins)[0] ?? "";

describe("hookrail install --cli claude", () => {
  it("user scope: marketplace added, plugin installed and enabled; the user's file keeps its form; uninstall gives it back", async () => {
    const box = sandbox(["claude"]);
    box.write(".claude/settings.json", USER_SETTINGS);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^merge-gate for Claude Code \(user scope\): installed/);
    expect(r.stdout).toMatch(/\ninstall: 1 installed; next: hookrail doctor/);
    const settings = box.read(".claude/settings.json");
    expect(settings.startsWith('{\n    "model": "opus",\n    "hooks": {\n        "PreToolUse": [{ "matcher"')).toBe(
      true,
    );
    expect(JSON.parse(settings)).toMatchObject({
      enabledPlugins: { [userId]: true },
      extraKnownMarketplaces: {
        "hookrail-user": { source: { source: "directory", path: expect.stringContaining("/.local/share/hookrail/") } },
      },
    });
    expect((await box.hookrail("list")).stdout).toMatch(/claude +user +merge-gate +\S+ +yes/);
    expect(await pluginList(box, box.repo)).toEqual([`${userId} user ✔ enabled`]);

    expect((await box.hookrail("install", "merge-gate", "--cli", "claude", "--dry-run")).stdout).toContain(
      "(nothing to change)",
    );
    const again = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(again.stdout).toBe(
      "merge-gate for Claude Code (user scope): already installed, unchanged\ninstall: 0 installed, 1 already installed; next: hookrail doctor checks that each one will run",
    );
    expect(box.read(".claude/settings.json")).toBe(settings);

    const removed = await box.hookrail("uninstall", "merge-gate", "--cli", "claude");
    expect(removed.stdout).toMatch(/^merge-gate for Claude Code \(user scope\): removed\nuninstall: 1 removed/);
    expect(box.read(".claude/settings.json")).toBe(USER_SETTINGS);
    expect(JSON.parse(box.read(".claude/plugins/installed_plugins.json")).plugins).toEqual({});
    // Nothing of hookrail's own is left: the stable copy, the record, the data folder.
    expect(existsSync(join(box.home, ".local"))).toBe(false);
  });

  it("user and project scopes are independent: either order, either uninstall, a moved clone", async () => {
    const box = sandbox(["claude"]);
    box.write(".claude/settings.json", USER_SETTINGS);
    box.writeRepo(".claude/settings.json", TEAM_SETTINGS);
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    const userSettings = box.read(".claude/settings.json");
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project")).exitCode).toBe(0);
    const project = projectId(box);
    expect(project).toMatch(/^merge-gate@hookrail-[a-z0-9-]+-[0-9a-f]{6}$/);
    expect(await pluginList(box, box.repo)).toEqual([`${project} project ✔ enabled`, `${userId} user ✔ enabled`]);
    // The project install left the user's settings alone.
    expect(box.read(".claude/settings.json")).toBe(userSettings);

    // Removing the project's leaves the user's; the team's file is as it was.
    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "claude", "--scope", "project")).exitCode).toBe(0);
    expect(readFileSync(join(box.repo, ".claude", "settings.json"), "utf8")).toBe(TEAM_SETTINGS);
    expect(box.read(".claude/settings.json")).toBe(userSettings);
    expect(await pluginList(box, box.repo)).toEqual([`${userId} user ✔ enabled`]);

    // Project first, then user, then the user's removed: the team's committed file keeps the project's.
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project")).exitCode).toBe(0);
    const team = readFileSync(join(box.repo, ".claude", "settings.json"), "utf8");
    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    expect(readFileSync(join(box.repo, ".claude", "settings.json"), "utf8")).toBe(team);
    expect(await pluginList(box, box.repo)).toEqual([`${project} project ✔ enabled`]);
    expect(box.read(".claude/settings.json")).toBe(USER_SETTINGS);

    // A second clone installs its own; moving it away disables nothing of the user's or the first clone's.
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    const clone = gitRepo().dir;
    expect(
      (await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project", { cwd: clone })).exitCode,
    ).toBe(0);
    const moved = `${clone}-moved`;
    renameSync(clone, moved);
    expect(await pluginList(box, box.repo)).toEqual(
      expect.arrayContaining([`${project} project ✔ enabled`, `${userId} user ✔ enabled`]),
    );
    const doctor = await box.hookrail("doctor", "--json");
    expect(doctor.exitCode).toBe(1);
    expect(JSON.parse(doctor.stdout).checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([
      expect.objectContaining({ id: "claude.project.missing", what: expect.stringContaining(clone) }),
    ]);
    rmSync(moved, { recursive: true, force: true });
  });

  it("doctor names a disabled plugin and a marketplace folder that has gone, with their ids", async () => {
    const box = sandbox(["claude"]);
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    box.write(
      ".claude/settings.json",
      box.read(".claude/settings.json").replace(`"${userId}": true`, `"${userId}": false`),
    );
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(
      new RegExp(`${userId} is disabled in .*settings\\.json\\n +-> run claude plugin enable ${userId}`),
    );
    rmSync(join(box.home, ".local", "share", "hookrail", "0.1.0"), { recursive: true });
    const json = JSON.parse((await box.hookrail("doctor", "--json")).stdout);
    expect(json.checks.filter((c: { ok: boolean }) => !c.ok).map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(["claude.plugin.disabled", "claude.marketplace.missing", "claude.hook.cannot-start"]),
    );
    expect(json.checks.every((c: { ok: boolean; fix?: string }) => c.ok || c.fix)).toBe(true);
  });

  it("refuses settings Claude Code cannot edit (comments), naming the file and the line, before anything runs", async () => {
    const box = sandbox(["claude"]);
    const text = `{\n  // mine\n  "model": "opus"\n}\n`;
    box.write(".claude/settings.json", text);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      `${join(box.home, ".claude", "settings.json")} does not parse as strict JSON: a comment at line 2, column 3, and Claude Code cannot edit it; meanwhile Claude Code switches every plugin off`,
    );
    expect(box.read(".claude/settings.json")).toBe(text);
    expect(existsSync(join(box.home, ".claude", "plugins"))).toBe(false);
    expect(existsSync(join(box.home, ".local"))).toBe(false);
  });

  it("without claude on PATH: --cli claude is one clear line, exit 1, nothing written", async () => {
    const box = sandbox([]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(
      /^hookrail: claude is not on PATH, so install merge-gate cannot be done and nothing was changed/,
    );
    expect(existsSync(join(box.home, ".local"))).toBe(false);
  });

  it("a file Claude Code's own installer would change but cannot is found before anything runs", async () => {
    const box = sandbox(["claude"]);
    box.write(".claude/settings.json", USER_SETTINGS);
    chmodSync(box.write(".claude/plugins/known_marketplaces.json", "{}\n"), 0o444);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      `${join(box.home, ".claude", "plugins", "known_marketplaces.json")} is not writable, so nothing was changed`,
    );
    expect(box.read(".claude/settings.json")).toBe(USER_SETTINGS);
    expect(existsSync(join(box.home, ".local"))).toBe(false);
  });

  it("project scope: the marketplace committed in .claude/hookrail, declared and enabled in .claude/settings.json", async () => {
    const box = sandbox(["claude"]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project");
    expect(r.exitCode, r.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(join(box.repo, ".claude", "settings.json"), "utf8"));
    const name = projectId(box).split("@")[1] ?? "";
    expect(settings).toMatchObject({
      enabledPlugins: { [`merge-gate@${name}`]: true },
      extraKnownMarketplaces: {
        [name]: { source: { source: "directory", path: join(box.repo, ".claude", "hookrail") } },
      },
    });
    expect(
      JSON.parse(readFileSync(join(box.repo, ".claude", "hookrail", ".claude-plugin", "marketplace.json"), "utf8"))
        .name,
    ).toBe(name);
    expect(
      existsSync(join(box.repo, ".claude", "hookrail", "plugins", "merge-gate", "claude", "hooks", "merge-gate.cjs")),
    ).toBe(true);
    // A teammate's clone of the committed files uses the same marketplace name.
    const teammate = gitRepo().dir;
    cpSync(join(box.repo, ".claude"), join(teammate, ".claude"), { recursive: true });
    expect(
      (await box.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project", { cwd: teammate }))
        .exitCode,
    ).toBe(0);
    expect(projectId(box, teammate)).toBe(`merge-gate@${name}`);
    expect(
      (await box.hookrail("uninstall", "merge-gate", "--cli", "claude", "--scope", "project", { cwd: teammate }))
        .exitCode,
    ).toBe(0);

    expect((await box.hookrail("list")).stdout).toMatch(new RegExp(`claude +project ${box.repo} +merge-gate +\\S+ +`));
    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "claude", "--scope", "project")).exitCode).toBe(0);
    expect(existsSync(join(box.repo, ".claude"))).toBe(false);
  });
});
