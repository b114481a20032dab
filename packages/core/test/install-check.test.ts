// The session-start check: hookrail's install record lists probes; one that fails is one line to the
// user, said once per session by whichever hook gets there first.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import {
  doubledGuardrails,
  doubledNotice,
  type InstallProbe,
  probeHolds,
  type RecordedInstall,
  sessionStartNotice,
  vanishedGuardrails,
  vanishedNotice,
} from "../src/hook/install-check.ts";

function world() {
  const home = tempDir();
  const file = (name: string, text: string) => {
    const path = join(home, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
  return { home, file };
}

describe("probeHolds", () => {
  const { file } = world();
  const settings = file(
    "settings.json",
    JSON.stringify({ enabledPlugins: { "g@m": true }, list: ["a", "b"], s: "xyz" }),
  );
  const commented = file("commented.json", '{ // x\n "a": 1 }');
  const text = file("config.toml", '[hooks.state."k:0"]\ntrusted_hash = "sha256:1"\n');
  it.each<[string, InstallProbe, boolean | undefined]>([
    ["a file that exists", { exists: settings, why: "" }, true],
    ["a file that does not", { exists: `${settings}.x`, why: "" }, false],
    ["a value that is", { file: settings, at: ["enabledPlugins", "g@m"], is: true, why: "" }, true],
    ["a value that is not", { file: settings, at: ["enabledPlugins", "h@m"], is: true, why: "" }, false],
    ["not: a value that differs", { file: settings, at: ["disableAllHooks"], not: true, why: "" }, true],
    ["present", { file: settings, at: ["enabledPlugins", "g@m"], present: true, why: "" }, true],
    ["has, in a list", { file: settings, at: ["list"], has: "b", why: "" }, true],
    ["lacks, in a list", { file: settings, at: ["list"], lacks: "b", why: "" }, false],
    ["has, in a string", { file: settings, at: ["s"], has: "y", why: "" }, true],
    ["a value in an absent file", { file: `${settings}.x`, at: ["a"], not: false, why: "" }, true],
    ["a file that is not JSON: cannot tell", { file: commented, at: ["a"], is: 2, why: "" }, undefined],
    ["text that contains", { file: text, contains: ['"k:0"]', "sha256:1"], why: "" }, true],
    ["text that lacks one", { file: text, contains: ['"k:1"]', "sha256:1"], why: "" }, false],
  ])("%s", (_, probe, holds) => {
    expect(probeHolds(probe)).toBe(holds);
  });
});

describe("vanishedGuardrails", () => {
  const { home } = world();
  const gone = (why: string): InstallProbe => ({ exists: join(home, "gone"), why });
  const installs: RecordedInstall[] = [
    {
      cli: "claude",
      scope: "user",
      guardrail: "merge-gate",
      version: "1",
      probes: [{ exists: home, why: "x" }, gone("disabled")],
    },
    { cli: "claude", scope: "user", guardrail: "branch-drift", version: "1", probes: [{ exists: home, why: "x" }] },
    {
      cli: "claude",
      scope: "project",
      project: "/repo",
      guardrail: "plan-export",
      version: "1",
      probes: [gone("moved")],
    },
    { cli: "codex", scope: "user", guardrail: "merge-gate", version: "1", probes: [gone("untrusted")] },
  ];

  it("names the recorded guardrails of this CLI that will not run here, with the first failing probe", () => {
    expect(vanishedGuardrails(installs, "claude", "/elsewhere").map((f) => [f.install.guardrail, f.why])).toEqual([
      ["merge-gate", "disabled"],
    ]);
    expect(vanishedGuardrails(installs, "claude", "/repo/src").map((f) => f.install.guardrail)).toEqual([
      "merge-gate",
      "plan-export",
    ]);
    expect(vanishedGuardrails(installs, "codex", "/repo").map((f) => f.why)).toEqual(["untrusted"]);
  });

  it("says it in one line that points to hookrail doctor", () => {
    expect(vanishedNotice(vanishedGuardrails(installs, "claude", "/x"), "Claude Code")).toBe(
      "hookrail: merge-gate will not run in Claude Code: disabled; run `hookrail doctor` for the fix",
    );
    expect(vanishedNotice(vanishedGuardrails(installs, "claude", "/repo"), "Claude Code")).toBe(
      "hookrail: 2 guardrails will not run in Claude Code: merge-gate: disabled; plan-export (project scope): moved; run `hookrail doctor` for the fix",
    );
    expect(vanishedNotice([], "Claude Code")).toBeUndefined();
  });
});

describe("sessionStartNotice", () => {
  it("is said once per session, by the first hook to get there; nothing when all is well or nothing is recorded", () => {
    const { home, file } = world();
    const env = { HOME: home, HOOKRAIL_STATE_DIR: join(home, "state") };
    expect(sessionStartNotice(env, "claude", "Claude Code", "/p", "s1", Date.now())).toBeUndefined();
    const record: RecordedInstall = {
      cli: "claude",
      scope: "user",
      guardrail: "merge-gate",
      version: "1",
      probes: [{ exists: join(home, "plugin"), why: "its plugin is not installed" }],
    };
    file(".local/share/hookrail/installs.json", JSON.stringify({ format: 2, installs: [record] }));
    const first = sessionStartNotice(env, "claude", "Claude Code", "/p", "s1", Date.now());
    expect(first).toMatch(/^hookrail: merge-gate will not run in Claude Code: its plugin is not installed/);
    expect(sessionStartNotice(env, "claude", "Claude Code", "/p", "s1", Date.now())).toBeUndefined();
    expect(sessionStartNotice(env, "claude", "Claude Code", "/p", "s2", Date.now())).toBe(first);
    expect(sessionStartNotice(env, "codex", "Codex", "/p", "s3", Date.now())).toBeUndefined();
    mkdirSync(join(home, "plugin"));
    expect(sessionStartNotice(env, "claude", "Claude Code", "/p", "s4", Date.now())).toBeUndefined();
  });
});

describe("a second install beside a recorded one (a twin probe)", () => {
  const { home, file } = world();
  const skip = "^merge-gate@hookrail-(user|[a-z0-9][a-z0-9-]*-[0-9a-f]{6})$";
  const twin = (path: string): InstallProbe => ({
    twin: { file: path, at: ["enabledPlugins"], prefix: "merge-gate@", skip },
    why: `another plugin named merge-gate is enabled in ${path}`,
  });
  const settings = (name: string, enabled: Record<string, unknown>) =>
    file(name, JSON.stringify({ enabledPlugins: enabled }));

  it.each<[string, Record<string, unknown>, boolean]>([
    ["only hookrail's own", { "merge-gate@hookrail-user": true }, true],
    ["hookrail's own for a repository", { "merge-gate@hookrail-app-1a2b3c": true }, true],
    ["the marketplace's, enabled", { "merge-gate@hookrail": true, "merge-gate@hookrail-user": true }, false],
    ["a marketplace of any name", { "merge-gate@team": true }, false],
    ["the marketplace's, disabled", { "merge-gate@hookrail": false }, true],
    ["another guardrail's", { "worktree-check@hookrail": true }, true],
    ["a name that only starts alike", { "merge-gate-extra@hookrail": true }, true],
  ])("%s: holds is %s", (name, enabled, holds) => {
    expect(probeHolds(twin(settings(`${name}.json`, enabled)))).toBe(holds);
  });

  it("a relative file is the session's project's; an absent one holds", () => {
    const project = join(home, "project");
    file("project/.claude/settings.json", JSON.stringify({ enabledPlugins: { "merge-gate@hookrail": true } }));
    expect(probeHolds(twin(join(".claude", "settings.json")), project)).toBe(false);
    expect(probeHolds(twin(join(".claude", "settings.json")), home)).toBe(true);
  });

  it("is a double, not a vanished guardrail: its own line, pointing to hookrail doctor", () => {
    const doubled = settings("doubled.json", { "merge-gate@hookrail": true });
    const installs: RecordedInstall[] = [
      {
        cli: "claude",
        scope: "user",
        guardrail: "merge-gate",
        version: "1",
        probes: [{ exists: home, why: "x" }, twin(doubled)],
      },
    ];
    expect(vanishedGuardrails(installs, "claude", home)).toEqual([]);
    expect(doubledNotice(doubledGuardrails(installs, "claude", home), "Claude Code")).toBe(
      `hookrail: merge-gate is installed twice in Claude Code: another plugin named merge-gate is enabled in ${doubled}; run \`hookrail doctor\` for which one to remove`,
    );
    expect(doubledGuardrails(installs, "codex", home)).toEqual([]);
  });

  it("at session start, said once, with a vanished guardrail's line when there is one", () => {
    const env = { HOME: home, HOOKRAIL_STATE_DIR: join(home, "state") };
    const doubled = settings("session.json", { "merge-gate@team": true });
    const installs: RecordedInstall[] = [
      { cli: "claude", scope: "user", guardrail: "merge-gate", version: "1", probes: [twin(doubled)] },
      {
        cli: "claude",
        scope: "user",
        guardrail: "plan-export",
        version: "1",
        probes: [{ exists: join(home, "gone"), why: "gone" }],
      },
    ];
    file(".local/share/hookrail/installs.json", JSON.stringify({ format: 2, installs }));
    expect(sessionStartNotice(env, "claude", "Claude Code", home, "t1", Date.now())).toBe(
      [
        "hookrail: plan-export will not run in Claude Code: gone; run `hookrail doctor` for the fix",
        `hookrail: merge-gate is installed twice in Claude Code: another plugin named merge-gate is enabled in ${doubled}; run \`hookrail doctor\` for which one to remove`,
      ].join("\n"),
    );
    expect(sessionStartNotice(env, "claude", "Claude Code", home, "t1", Date.now())).toBeUndefined();
  });
});
