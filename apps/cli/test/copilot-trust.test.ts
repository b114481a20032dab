// Copilot CLI runs a project's .github/hooks only in a folder it trusts: until it has, `list` says the
// project row will not run and why, and `doctor` names it with the fix. Trust as Copilot 1.0.102 records it
// (measured against its runtime's own check): `trustedFolders` (or `trusted_folders`) in
// $COPILOT_HOME/config.json, an entry trusting its folder and every folder below, links resolved.
import { mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Home, home } from "./_hookrail.ts";

const row = async (h: Home) =>
  (await h.hookrail("list")).stdout.split("\n").find((l) => l.startsWith("copilot ") && l.includes("project")) ?? "";

describe("Copilot CLI's project row and folder trust", () => {
  it("says it will not run until Copilot trusts the folder, and doctor says how", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot", "--scope", "project")).code).toBe(0);
    expect(await row(h)).toMatch(
      / no: until Copilot trusts this folder: Copilot CLI skips .*\.github\/hooks without a word/,
    );
    const doctor = JSON.parse((await h.hookrail("doctor", "--json")).stdout) as {
      checks: { id: string; ok: boolean; fix?: string }[];
    };
    expect(doctor.checks.find((c) => c.id === "copilot.folder.untrusted")?.fix).toMatch(/trust it for future sessions/);
  });

  const repoOf = (h: Home) => h.repo;
  it.each<[string, (h: Home) => string, boolean]>([
    ["the folder", (h) => `// User settings belong in settings.json.\n{ "trustedFolders": ["${repoOf(h)}"] }\n`, true],
    ["its parent", (h) => JSON.stringify({ trustedFolders: [dirname(repoOf(h))] }), true],
    ["the older key", (h) => JSON.stringify({ trusted_folders: [repoOf(h)] }), true],
    ["a link to it", (h) => JSON.stringify({ trustedFolders: [join(h.home, "link")] }), true],
    ["a folder whose name it starts with", (h) => JSON.stringify({ trustedFolders: [repoOf(h).slice(0, -2)] }), false],
    ["a folder below it", (h) => JSON.stringify({ trustedFolders: [join(repoOf(h), "sub")] }), false],
    ["nothing", () => "{}", false],
  ])("config.json trusting %s: runs = %s", async (_, config, runs) => {
    const h = home();
    mkdirSync(join(h.repo, "sub"));
    symlinkSync(h.repo, join(h.home, "link"));
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot", "--scope", "project")).code).toBe(0);
    h.write(".copilot/config.json", config(h));
    expect(await row(h)).toMatch(runs ? / yes$/ : / no: until Copilot trusts this folder/);
  });

  it("settings.json's list does not count; COPILOT_ALLOW_ALL=true trusts every folder", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot", "--scope", "project")).code).toBe(0);
    h.write(".copilot/settings.json", JSON.stringify({ trustedFolders: [h.repo] }));
    expect(await row(h)).toMatch(/ no: until Copilot trusts this folder/);
    h.env.COPILOT_ALLOW_ALL = "true";
    expect(await row(h)).toMatch(/ yes$/);
  });
});
