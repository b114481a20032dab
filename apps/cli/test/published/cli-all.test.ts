// `--cli all` from the packed package: the CLIs this machine has, found by their command on PATH or their
// own folder; each one left out is a line that says why, and the install goes on (exit 0). Checked with
// the CLIs' own view: `gemini extensions list`, Codex's hooks.json.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CLIS } from "@hookrail/clis";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { sandbox } from "./sandbox.ts";

describe("hookrail install <g> --cli all", () => {
  it("with Gemini CLI and Codex on PATH only: installs into those two, names the others and why", async () => {
    const box = sandbox(["gemini", "codex"]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.exitCode, r.stderr).toBe(0);
    // Every other CLI is named as left out, with what was looked for.
    const others = Object.values(CLIS).filter((c) => c.name !== "gemini" && c.name !== "codex");
    const skipped = r.stderr
      .split("\n")
      .filter(Boolean)
      .map((line) => /^hookrail: skipped (.+?): not found on this machine \(no /.exec(line)?.[1] ?? line);
    expect(skipped.sort()).toEqual(others.map((c) => c.title).sort());
    expect(r.stdout).toMatch(/^merge-gate for Gemini CLI \(user scope\): installed/m);
    expect(r.stdout).toMatch(/^merge-gate for Codex \(user scope\): installed/m);
    expect(r.stdout).toMatch(
      new RegExp(`\\ninstall: 2 installed, ${others.length} CLIs skipped; next: hookrail doctor`),
    );
    const listed = await execa("gemini", ["extensions", "list"], {
      cwd: box.repo,
      env: box.env,
      extendEnv: false,
      reject: false,
    });
    expect(`${listed.stdout}\n${listed.stderr}`).toMatch(/merge-gate/);
    expect(box.read(".codex/hooks.json")).toContain("/hookrail/merge-gate/merge-gate.cjs");

    // Copilot CLI's folder appears (it ran once): the next --cli all covers it, no binary needed.
    box.write(".copilot/config.json", "{}\n");
    const again = await box.hookrail("install", "merge-gate", "--cli", "all");
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^merge-gate for Copilot CLI \(user scope\): installed/m);
    expect(again.stdout).toMatch(/^merge-gate for Gemini CLI \(user scope\): already installed, unchanged$/m);
    expect(existsSync(join(box.home, ".copilot", "hooks", "hookrail-merge-gate.json"))).toBe(true);

    // And uninstall all --cli all takes every one away, leaving only what was the user's.
    expect((await box.hookrail("uninstall", "all", "--cli", "all")).exitCode).toBe(0);
    expect(existsSync(join(box.home, ".codex"))).toBe(false);
    expect(existsSync(join(box.home, ".copilot", "hooks"))).toBe(false);
    expect(existsSync(join(box.home, ".local"))).toBe(false);
    expect(box.read(".copilot/config.json")).toBe("{}\n");
  });

  it("a CLI whose folder is here but whose own installer is not on PATH is left out, with the reason", async () => {
    const box = sandbox(["codex"]);
    box.write(".claude/settings.json", "{}\n");
    const r = await box.hookrail("install", "merge-gate", "--cli", "all");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("hookrail: skipped Claude Code: its own installer runs claude, which is not on PATH");
    expect(box.read(".claude/settings.json")).toBe("{}\n");
  });
});
