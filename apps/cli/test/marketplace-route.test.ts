// The marketplace way (`claude plugin install merge-gate@hookrail`, `copilot plugin install …`): list shows
// such an install as a row, doctor checks it and names a guardrail installed twice in one CLI with the
// command that removes one, update says what updates it, and the session-start check warns about a double.
// Claude Code's and Copilot CLI's files are as the real binaries write them (_marketplace-route.ts).
import { join } from "node:path";
import { doubledGuardrails, installRecordPath, readInstallRecord } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { fakeClaude } from "./_fake-claude.ts";
import { type Home, home } from "./_hookrail.ts";
import { foreignPlugin, marketCopy, named, type RouteFixture, writeRoute } from "./_marketplace-route.ts";

interface Check {
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}

async function doctor(h: Home): Promise<{ code: number; checks: Check[] }> {
  const r = await h.hookrail("doctor", "--json");
  return { code: r.code, checks: (JSON.parse(r.stdout) as { checks: Check[] }).checks };
}

const twice = (checks: Check[]) => checks.filter((c) => c.id.endsWith(".guardrail.twice"));
const record = (h: Home) => readInstallRecord(installRecordPath(join(h.home, ".local", "share", "hookrail")));
const settings = (h: Home, file: string) => JSON.parse(h.read(file)) as Record<string, Record<string, unknown>>;

describe("an install made with the CLI's own plugin command", () => {
  it.each<[RouteFixture, string[]]>([
    [
      "claude-directory",
      [
        "claude  user, installed with claude plugin install merge-gate@hookrail                                    merge-gate      0.1.0    yes",
        "claude  project <repo>, installed with claude plugin install merge-gate@hookrail --scope project          merge-gate      0.1.0    yes",
        "claude  project <repo>, installed with claude plugin install worktree-check@hookrail --scope local        worktree-check  0.1.0    yes",
      ],
    ],
    [
      "claude-github",
      ["claude  user, installed with claude plugin install merge-gate@hookrail  merge-gate  0.1.0    yes"],
    ],
    [
      "copilot-github",
      ["copilot  user, installed with copilot plugin install merge-gate@hookrail  merge-gate  0.1.0    yes"],
    ],
    [
      "copilot-directory",
      ["copilot  user, installed with copilot plugin install merge-gate@hookrail  merge-gate  0.1.0    yes"],
    ],
  ])(
    "%s: list shows it as a row that will run; doctor is content; nothing is taken into hookrail's record",
    async (fixture, rows) => {
      const h = home();
      writeRoute(h, fixture);
      const list = await h.hookrail("list");
      expect(list.code).toBe(0);
      const lines = named(h, list.stdout).split("\n");
      expect(lines.slice(1, 1 + rows.length).map((l) => l.replace(/ +/g, " "))).toEqual(
        rows.map((l) => l.replace(/ +/g, " ")),
      );
      expect(lines.at(-2)).toBe(`list: all ${rows.length} will run`);
      const d = await doctor(h);
      expect(d.code, JSON.stringify(d.checks.filter((c) => !c.ok))).toBe(0);
      expect(
        d.checks.some((c) =>
          /installed with \w+ plugin install merge-gate@hookrail \(0\.1\.0\), will run/.test(c.what),
        ),
      ).toBe(true);
      expect((await h.hookrail("update")).code).toBe(0);
      expect(record(h)).toEqual([]);
    },
  );

  it("update says what updates it: Claude Code fetches the marketplace first; one read from a folder has nothing to update", async () => {
    const h = home();
    writeRoute(h, "claude-github");
    expect(named(h, (await h.hookrail("update")).stdout)).toMatchInlineSnapshot(`
      "merge-gate@hookrail for Claude Code (user scope): installed with claude plugin install, which hookrail does not update; update it with: claude plugin marketplace update hookrail && claude plugin update merge-gate@hookrail
      update: nothing to update; hookrail has installed nothing here
      "
    `);
    const copilot = home();
    writeRoute(copilot, "copilot-directory");
    expect(named(copilot, (await copilot.hookrail("update")).stdout)).toMatch(
      /^merge-gate@hookrail for Copilot CLI \(user scope\): installed with copilot plugin install from a folder, which Copilot CLI reads as it is: nothing to update$/m,
    );
    const github = home();
    writeRoute(github, "copilot-github");
    expect((await github.hookrail("update")).stdout).toMatch(
      /update it with: copilot plugin update merge-gate@hookrail$/m,
    );
  });

  it.each<[string, (h: Home) => void, string, string]>([
    [
      "disabled with claude plugin disable",
      (h) => {
        const s = settings(h, ".claude/settings.json");
        h.write(".claude/settings.json", JSON.stringify({ ...s, enabledPlugins: { "merge-gate@hookrail": false } }));
      },
      "merge-gate@hookrail is disabled in ~/.claude/settings.json",
      "run claude plugin enable merge-gate@hookrail",
    ],
    [
      "enabled, but gone from Claude Code's plugin store",
      (h) => h.write(".claude/plugins/installed_plugins.json", '{ "version": 2, "plugins": {} }'),
      "merge-gate@hookrail is enabled in ~/.claude/settings.json but Claude Code has not installed it",
      "run claude plugin install merge-gate@hookrail",
    ],
  ])("%s: list says it will not run, doctor says why and the fix", async (_, change, problem, fix) => {
    const h = home();
    writeRoute(h, "claude-github");
    change(h);
    const list = await h.hookrail("list");
    expect(list.code).toBe(1);
    expect(named(h, list.stdout)).toContain(`no: ${problem}`);
    const d = await doctor(h);
    expect(d.code).toBe(1);
    const failed = d.checks.filter((c) => !c.ok).map((c) => [named(h, c.what), c.fix]);
    expect(failed).toEqual([[`claude user merge-gate: ${problem}`, fix]]);
  });
});

describe("which plugins are hookrail's", () => {
  it("a marketplace under another name whose plugin is hookrail's, found by its plugin.json: listed", async () => {
    const h = home();
    const market = marketCopy(join(h.home, "team-market"));
    h.write(
      ".claude/plugins/known_marketplaces.json",
      JSON.stringify({ team: { source: { source: "directory", path: market }, installLocation: market } }),
    );
    const installPath = join(market, "plugins", "merge-gate", "claude");
    h.write(
      ".claude/plugins/installed_plugins.json",
      JSON.stringify({
        version: 2,
        plugins: { "merge-gate@team": [{ scope: "user", installPath, version: "0.1.0" }] },
      }),
    );
    h.write(".claude/settings.json", JSON.stringify({ enabledPlugins: { "merge-gate@team": true } }));
    expect((await h.hookrail("list")).stdout).toMatch(
      /claude +user, installed with claude plugin install merge-gate@team +merge-gate/,
    );
  });

  it("someone else's plugin that is also called merge-gate: not listed; beside hookrail's, named, since Claude Code loads one of the two", async () => {
    const h = home();
    fakeClaude(h);
    const installPath = foreignPlugin(join(h.home, "acme", "merge-gate"), "merge-gate");
    h.write(
      ".claude/plugins/installed_plugins.json",
      JSON.stringify({
        version: 2,
        plugins: { "merge-gate@acme": [{ scope: "user", installPath, version: "2.0.0" }] },
      }),
    );
    h.write(".claude/settings.json", JSON.stringify({ enabledPlugins: { "merge-gate@acme": true } }));
    expect((await h.hookrail("list")).stdout).toMatch(/^list: no hookrail guardrail is installed/);
    expect((await doctor(h)).code).toBe(0);
    expect((await h.hookrail("install", "merge-gate", "--cli", "claude")).code).toBe(0);
    expect(twice((await doctor(h)).checks).map((c) => [c.what, c.fix])).toEqual([
      [
        "two plugins named merge-gate are enabled in Claude Code: merge-gate@acme (not hookrail's, user scope) and merge-gate@hookrail-user (hookrail install, user scope); Claude Code loads only one plugin of a name, the one enabled first (merge-gate@acme), and never runs the other",
        expect.stringMatching(/^keep one: run claude plugin uninstall merge-gate@acme \(/),
      ],
    ]);
  });

  it("a marketplace cloned from hookrail/hookrail that Claude Code has not fetched yet: by its source", async () => {
    const h = home();
    h.write(
      ".claude/settings.json",
      JSON.stringify({
        extraKnownMarketplaces: { mine: { source: { source: "github", repo: "hookrail/hookrail" } } },
        enabledPlugins: { "merge-gate@mine": true },
      }),
    );
    const list = await h.hookrail("list");
    expect(named(h, list.stdout)).toContain(
      "no: merge-gate@mine is enabled in ~/.claude/settings.json but Claude Code has not installed it",
    );
  });
});

describe("a guardrail installed twice in one CLI", () => {
  it("Claude Code: the marketplace's plugin and hookrail's own: doctor names both, which one Claude Code runs, and the command that removes one", async () => {
    const h = home();
    fakeClaude(h);
    writeRoute(h, "claude-github");
    const install = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(install.code).toBe(0);
    // Said at once, under the install's line.
    expect(install.stdout).toContain(
      "  merge-gate is also installed as merge-gate@hookrail (claude plugin install, user scope, from hookrail/hookrail), and Claude Code runs only one of the two: keep one (claude plugin uninstall merge-gate@hookrail removes that one; hookrail doctor says the same)\n",
    );
    const d = await doctor(h);
    expect(d.code).toBe(1);
    expect(twice(d.checks).map((c) => ({ ...c, what: named(h, c.what) }))).toMatchInlineSnapshot(`
      [
        {
          "fix": "keep one: run claude plugin uninstall merge-gate@hookrail (merge-gate@hookrail-user (hookrail install, user scope) stays: hookrail update keeps it current and each session start checks it); or, to keep the plugin instead, hookrail uninstall merge-gate --cli claude",
          "id": "claude.guardrail.twice",
          "ok": false,
          "what": "merge-gate is installed twice in Claude Code: merge-gate@hookrail (claude plugin install, user scope, from hookrail/hookrail) and merge-gate@hookrail-user (hookrail install, user scope); Claude Code loads only one plugin of a name, the one enabled first (merge-gate@hookrail), and never runs the other",
        },
      ]
    `);
    // list names it under the table; update says it too; the session start warns.
    expect((await h.hookrail("list")).stdout).toMatch(
      /^merge-gate is installed twice in Claude Code: .*hookrail doctor says which one to remove$/m,
    );
    expect((await h.hookrail("update")).stdout).toMatch(
      /^update: merge-gate is installed twice in Claude Code: .* claude plugin uninstall merge-gate@hookrail /m,
    );
    expect(
      named(
        h,
        doubledGuardrails(record(h), "claude", h.repo)
          .map((f) => f.why)
          .join(),
      ),
    ).toBe(
      "another plugin named merge-gate is enabled in ~/.claude/settings.json, and Claude Code loads only one plugin of a name",
    );
    // The fix doctor names, carried out: one left, all good, nothing to warn about.
    await h.hookrail("update");
    // As claude plugin uninstall merge-gate@hookrail leaves them: out of the settings and the plugin store.
    const user = settings(h, ".claude/settings.json");
    delete user.enabledPlugins?.["merge-gate@hookrail"];
    h.write(".claude/settings.json", JSON.stringify(user));
    const store = settings(h, ".claude/plugins/installed_plugins.json");
    delete store.plugins?.["merge-gate@hookrail"];
    h.write(".claude/plugins/installed_plugins.json", JSON.stringify(store));
    expect((await doctor(h)).code).toBe(0);
    expect(doubledGuardrails(record(h), "claude", h.repo)).toEqual([]);
  });

  it("Claude Code: the marketplace's plugin enabled for the project, hookrail's for the user: the fix names --scope project", async () => {
    const h = home();
    fakeClaude(h);
    writeRoute(h, "claude-directory");
    // Only the project's: the user's settings enable nothing of the marketplace's.
    h.write(
      ".claude/settings.json",
      JSON.stringify({ extraKnownMarketplaces: settings(h, ".claude/settings.json").extraKnownMarketplaces }),
    );
    expect((await h.hookrail("install", "merge-gate", "--cli", "claude")).code).toBe(0);
    const found = twice((await doctor(h)).checks);
    expect(found.map((c) => named(h, c.what))).toEqual([
      "merge-gate is installed twice in Claude Code in <repo>: merge-gate@hookrail-user (hookrail install, user scope) and merge-gate@hookrail (claude plugin install, project scope, from ~/market); Claude Code loads only one plugin of a name and never runs the other",
    ]);
    expect(found[0]?.fix).toMatch(/^keep one: run claude plugin uninstall merge-gate@hookrail --scope project \(/);
    expect(
      named(
        h,
        doubledGuardrails(record(h), "claude", h.repo)
          .map((f) => f.why)
          .join(),
      ),
    ).toBe(
      "another plugin named merge-gate is enabled in .claude/settings.json, and Claude Code loads only one plugin of a name",
    );
    // Elsewhere, the project's settings do not apply.
    expect(doubledGuardrails(record(h), "claude", h.home)).toEqual([]);
  });

  it.each<[string, (h: Home) => Promise<void>]>([
    [
      "one plugin enabled in the user's and the project's settings (Claude Code loads it once)",
      async (h) => writeRoute(h, "claude-directory") && undefined,
    ],
    [
      "hookrail's own user and project installs",
      async (h) => {
        await h.hookrail("install", "merge-gate", "--cli", "claude");
        await h.hookrail("install", "merge-gate", "--cli", "claude", "--scope", "project");
      },
    ],
  ])("not a double: %s", async (_, setUp) => {
    const h = home();
    fakeClaude(h);
    await setUp(h);
    const d = await doctor(h);
    expect(twice(d.checks)).toEqual([]);
    expect(d.code, JSON.stringify(d.checks.filter((c) => !c.ok))).toBe(0);
  });

  it("Copilot CLI: the plugin beside hookrail's hook file: doctor names it, the fix removes the plugin", async () => {
    const h = home();
    writeRoute(h, "copilot-github");
    const install = await h.hookrail("install", "merge-gate", "--cli", "copilot");
    expect(install.code).toBe(0);
    expect(install.stdout).toMatch(
      /^ {2}merge-gate is also installed as merge-gate@hookrail \(copilot plugin install.*copilot plugin uninstall merge-gate@hookrail removes that one/m,
    );
    const found = twice((await doctor(h)).checks);
    expect(found.map((c) => [named(h, c.what), c.fix])).toEqual([
      [
        "merge-gate is installed twice in Copilot CLI: hookrail install (user scope) and merge-gate@hookrail (copilot plugin install, user scope, from hookrail/hookrail); Copilot CLI runs only one of them (hookrail's hook file, when both are there)",
        "keep one: run copilot plugin uninstall merge-gate@hookrail (hookrail install (user scope) stays: hookrail update keeps it current and each session start checks it); or, to keep the plugin instead, hookrail uninstall merge-gate --cli copilot",
      ],
    ]);
    expect(
      named(
        h,
        doubledGuardrails(record(h), "copilot", h.repo)
          .map((f) => f.why)
          .join(),
      ),
    ).toBe("the plugin merge-gate@… is enabled in ~/.copilot/settings.json too, and Copilot CLI runs only one of them");
  });
});
