// `--cli` named more than once installs into (and uninstalls from) each CLI named, as one transaction; a
// repeated single-valued option (`--scope user --scope project`) is a usage error, never a silent last-wins.
import { describe, expect, it } from "vitest";
import { home, tree } from "./_hookrail.ts";

describe("--cli more than once", () => {
  it("installs into each CLI named, and uninstalls from each, leaving the home as it was", async () => {
    const h = home();
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "--cli", "codex", "--cli", "copilot", "--cli", "codex");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/^merge-gate for .*: installed/gm)).toEqual([
      "merge-gate for Codex (user scope): installed",
      "merge-gate for Copilot CLI (user scope): installed",
    ]);
    const list = await h.hookrail("list");
    expect(list.stdout).toMatch(/codex +user +merge-gate/);
    expect(list.stdout).toMatch(/copilot +user +merge-gate/);
    const gone = await h.hookrail("uninstall", "merge-gate", "--cli", "copilot", "--cli", "codex");
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toMatch(/^uninstall: 2 removed/m);
    expect(tree(h.home)).toEqual(before);
  });

  it("reads a list separated by commas as each CLI and guardrail named", async () => {
    const h = home();
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate,command-gates", "--cli", "codex,copilot", "--cli", "codex,");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.match(/^merge-gate, command-gates for .*: installed/gm)).toEqual([
      "merge-gate, command-gates for Codex (user scope): installed",
      "merge-gate, command-gates for Copilot CLI (user scope): installed",
    ]);
    const gone = await h.hookrail("uninstall", "command-gates", "merge-gate", "--cli", "copilot, codex");
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toMatch(/^uninstall: 4 removed/m);
    expect(tree(h.home)).toEqual(before);
  });

  it("is one transaction: a CLI that fails puts back what the others changed", async () => {
    const h = home();
    h.fakeBin("claude", 'echo "plugin install failed: disk full" >&2; exit 1');
    const before = tree(h.home);
    const r = await h.hookrail("install", "merge-gate", "--cli", "codex", "--cli", "claude");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/rolled back: nothing was changed\n$/);
    expect(tree(h.home)).toEqual(before);
  });

  it.each([
    [["--cli", "all", "--cli", "codex"], "--cli all already names every CLI: give it alone"],
    [["--cli", "codex", "--cli", "nosuch"], 'unknown CLI "nosuch"'],
    [["--cli", "codex,nosuch"], 'unknown CLI "nosuch"'],
    [["--cli", "all,codex"], "--cli all already names every CLI: give it alone"],
    [["--cli", ","], "needs --cli <"],
    [
      ["--cli", "codex", "--scope", "user", "--scope", "project"],
      "--scope given twice (user, then project): it takes one <scope>; run the command once for each",
    ],
  ])("%j is a usage error that changes nothing", async (args, message) => {
    const h = home();
    const before = tree(h.home);
    for (const command of ["install", "uninstall"]) {
      const r = await h.hookrail(command, "merge-gate", ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(tree(h.home)).toEqual(before);
  });

  it.each([
    [["all,command-gates"], "all already names every guardrail: give it alone"],
    [["merge-gate,nosuch"], 'unknown guardrail "nosuch"'],
  ])("guardrails %j: a usage error that changes nothing", async (names, message) => {
    const h = home();
    const before = tree(h.home);
    for (const command of ["install", "uninstall"]) {
      const r = await h.hookrail(command, ...names, "--cli", "codex");
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(tree(h.home)).toEqual(before);
  });

  it.each([
    ["log", "--cli", "codex", "--cli", "claude"],
    ["try", "merge-gate", "--cli", "codex", "--cli", "claude", "--", "ls"],
    ["install", "merge-gate", "--cli", "codex", "--prefix", "/a", "--prefix", "/b"],
  ])("a single-valued option given twice: %s", async (...argv) => {
    const h = home();
    const r = await h.hookrail(...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--(cli|prefix) given twice/);
  });
});
