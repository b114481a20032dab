// A gate's bundle deleted from where a command-hook CLI runs it: `hookrail doctor` names the problem and a fix,
// `hookrail update` (the command the hook's own answer names) puts every deleted file back, and doctor is then
// clean. (Claude Code's stable copy: install-repair.test.ts; Gemini CLI's and Qwen Code's user scopes install
// through the CLI itself, so their project scopes stand in here.)
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Home, home } from "./_hookrail.ts";

interface Check {
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}

const failing = async (h: Home) =>
  ((JSON.parse((await h.hookrail("doctor", "--json")).stdout) as { checks: Check[] }).checks ?? []).filter(
    (c) => !c.ok,
  );

/** Every installed copy of the bundle, in the home and the repository (hookrail's own data folder included). */
function bundles(h: Home): string[] {
  return [h.home, h.repo].flatMap((root) =>
    (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
      .filter((f) => f.endsWith("/merge-gate.cjs") && !f.startsWith(".git/"))
      .map((f) => join(root, f)),
  );
}

const CASES: [string, string[]][] = [
  ["gemini", ["--scope", "project"]],
  ["codex", []],
  ["copilot", []],
  ["qwen", ["--scope", "project"]],
  ["droid", []],
  ["kimi", []],
  ["cline", []],
  ["cursor", []],
  ["antigravity", []],
];

describe("a gate's bundle deleted: doctor names it, update puts it back", () => {
  it.each(CASES)("%s", async (cli, scope) => {
    const h = home();
    h.write(".gemini/trustedFolders.json", JSON.stringify({ [h.repo]: "TRUST_FOLDER" }));
    const r = await h.hookrail("install", "merge-gate", "--cli", cli, ...scope);
    expect(r.code, r.stderr).toBe(0);
    const before = await failing(h);
    const files = bundles(h);
    expect(files.length, "no installed merge-gate.cjs").toBeGreaterThan(0);
    for (const f of files) rmSync(f);
    const problems = (await failing(h)).filter((c) => !before.some((b) => b.id === c.id));
    expect(problems.map((c) => c.id)).toContain(`${cli}.hook.cannot-start`);
    for (const c of problems) expect(c.fix, c.what).toBeTruthy();
    const update = await h.hookrail("update");
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toMatch(/merge-gate for .*: (repaired|updated)/);
    expect(files.filter((f) => !existsSync(f))).toEqual([]);
    expect((await failing(h)).map((c) => c.id)).toEqual(before.map((c) => c.id));
  });
});
