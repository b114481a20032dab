// `install all --cli all`: per CLI, one line for the guardrails that came to the same, and each piece of advice
// once, every fact kept.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { putNames } from "../src/install/report.ts";
import { home } from "./_hookrail.ts";

describe("the install report", () => {
  it("says each piece of advice once per CLI, and names every guardrail it installed", async () => {
    const h = home();
    for (const dir of [".gemini", ".codex", ".copilot", ".qwen", ".cline", ".factory", ".cursor", ".config/opencode"])
      mkdirSync(join(h.home, dir), { recursive: true });
    const r = await h.hookrail("install", "all", "--cli", "all", "--scope", "project");
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    const repeated = lines.filter((line, i) => lines.indexOf(line) !== i);
    expect(repeated).toEqual([]);
    const heads = lines.filter((line) => !line.startsWith(" ") && !line.startsWith("install:"));
    expect(heads).toContain(
      `branch-drift, command-gates, merge-gate, plan-export, worktree-check for Codex (project scope): installed (${join(h.repo, ".codex", "hookrail", "*")})`,
    );
    expect(heads).toContain(
      `branch-drift, command-gates, merge-gate, worktree-check for Cursor (project scope): installed (${join(h.repo, ".cursor", "hooks.json")})`,
    );
    expect(lines.at(-1)).toMatch(/^install: \d+ installed, \d+ CLIs skipped; next: hookrail doctor/);
    expect(r.stdout).toContain(
      "each teammate runs npx hookrail install branch-drift command-gates merge-gate plan-export worktree-check --cli codex --scope project once",
    );
    expect(r.stdout).toContain(
      `  Gemini runs each of them from ${join(h.repo, ".gemini", "settings.json")} only where`,
    );
    // Advice one guardrail gave, among others that did not: its name first.
    expect(r.stdout).toMatch(/\n {2}merge-gate: droid exec never fires UserPromptSubmit/);
    expect(r.stdout).toContain("Commit .cursor/hooks.json and .cursor/hookrail/*/ for the team");
  });

  it.each([
    ["one guardrail: its name", "Gemini runs \0 from here", ["merge-gate"], "Gemini runs merge-gate from here"],
    ["prose", "Gemini runs \0 from here", ["a", "b"], "Gemini runs each of them from here"],
    ["a path", "installed (/p/.codex/hookrail/\0)", ["a", "b"], "installed (/p/.codex/hookrail/*)"],
    ["a file name", "(/p/hookrail-\0.json)", ["a", "b"], "(/p/hookrail-*.json)"],
    ["an install command", "npx hookrail install \0 --cli codex", ["a", "b"], "npx hookrail install a b --cli codex"],
  ])("puts the guardrails' names back in %s", (_what, text, names, said) => {
    expect(putNames(text, names)).toBe(said);
  });
});
