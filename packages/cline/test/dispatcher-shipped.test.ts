// The shipped Cline folders of three guardrails behind the dispatcher, as an install leaves them: each guardrail's
// folder holds the same bundle (every guardrail Cline can run), so the dispatcher's process starts it once for the
// three. Its one start leaves one code cache of each part of the bundle it read (the loader of the first guardrail to
// answer makes them); three starts would leave three of each.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CLINE_DISPATCHER_FILE } from "../src/index.ts";

const GUARDRAILS = ["branch-drift", "command-gates", "merge-gate"];
const fixture = readFileSync(new URL("./fixtures/PreToolUse.run_commands.json", import.meta.url), "utf8");

function installed() {
  const home = tempDir("hookrail-cline-shipped-");
  const project = join(home, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  const hooks = join(home, "Hooks");
  for (const g of GUARDRAILS)
    cpSync(join(repoRoot, "plugins", g, "cline"), join(hooks, "hookrail", g), { recursive: true });
  cpSync(join(hooks, "hookrail", "merge-gate", CLINE_DISPATCHER_FILE), join(hooks, "PreToolUse"));
  const cache = join(home, "v8");
  const run = (command: string) => {
    const payload = JSON.parse(fixture.replaceAll("<PROJECT_DIR>", project));
    payload.tool_call.input.commands = [command];
    const env = { PATH: process.env.PATH, HOME: home, HOOKRAIL_CACHE_DIR: cache, HOOKRAIL_STATE_DIR: join(home, "s") };
    const out = execFileSync(process.execPath, [join(hooks, "PreToolUse")], {
      input: JSON.stringify(payload),
      encoding: "utf8",
      env,
    });
    return JSON.parse(out) as Record<string, unknown>;
  };
  return { run, caches: () => readdirSync(cache) };
}

describe("the dispatcher with the shipped bundles of three guardrails", () => {
  it("refuses a merge, lets a plain command run, and starts the one bundle once a call", { timeout: 30_000 }, () => {
    const { run, caches } = installed();
    const merge = run("gh pr merge 12");
    expect(String(merge.contextModification)).toMatch(/^merge-gate: blocked\./);
    expect(merge.overrideInput).toBeDefined();
    // The first part, and the second (the shell parser and analysis a merge is read with).
    expect(caches().sort()).toEqual([
      expect.stringMatching(/^branch-drift-[0-9a-f]{16}-v/),
      expect.stringMatching(/^branch-drift-[0-9a-f]{16}\.1-v/),
    ]);
    expect(run("git status --short")).toEqual({});
    expect(caches()).toHaveLength(2);
  });
});
