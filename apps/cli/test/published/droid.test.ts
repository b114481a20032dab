// The packed hookrail installing into Factory Droid: no Droid binary needed (hooks.json is Droid's own format);
// the user's hooks.json keeps its groups, ours go in at the top level, and uninstall gives it back.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandbox } from "./sandbox.ts";

const MINE = '{\n  "SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]\n}\n';

describe("hookrail install --cli droid", () => {
  it("user scope: every guardrail into ~/.factory/hooks.json beside the user's groups; uninstall gives the file back", async () => {
    const box = sandbox();
    const file = box.write(".factory/hooks.json", MINE);
    const r = await box.hookrail("install", "all", "--cli", "droid");
    expect(r.exitCode, r.stderr).toBe(0);
    const hooks = JSON.parse(readFileSync(file, "utf8"));
    expect(hooks.SessionStart[0].hooks[0].command).toBe("echo hi");
    expect(Object.keys(hooks)).not.toContain("hooks");
    const all = ["merge-gate", "worktree-check", "branch-drift", "plan-export", "command-gates"];
    for (const g of all) expect(existsSync(join(box.home, ".factory", "hookrail", g, `${g}.cjs`)), g).toBe(true);
    expect((await box.hookrail("list")).stdout.match(/droid +user +\S+ +\S+ +yes/g)).toHaveLength(all.length);
    expect((await box.hookrail("uninstall", "all", "--cli", "droid")).exitCode).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(MINE);
    expect(existsSync(join(box.home, ".factory", "hookrail"))).toBe(false);
  });
});
