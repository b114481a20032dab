// The shipped Kimi Code folders of three guardrails behind the dispatcher, as an install leaves them: each folder
// holds the same bundle (every guardrail Kimi Code can run), so the dispatcher's process starts it once for all of
// them. Its one start leaves one code cache of each part of the bundle it read; a start per guardrail would leave
// one of each per guardrail.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { KIMI_DISPATCHER_FILE } from "../src/index.ts";

const GUARDRAILS = ["command-gates", "merge-gate", "worktree-check"];
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function installed() {
  const home = tempDir("hookrail-kimi-shipped-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", project]);
  const root = join(home, ".kimi-code", "hookrail");
  for (const g of GUARDRAILS) cpSync(join(repoRoot, "plugins", g, "kimi"), join(root, g), { recursive: true });
  cpSync(join(root, "merge-gate", KIMI_DISPATCHER_FILE), join(root, KIMI_DISPATCHER_FILE));
  const cache = join(home, "v8");
  const env = { PATH: process.env.PATH, HOME: home, HOOKRAIL_CACHE_DIR: cache, HOOKRAIL_STATE_DIR: join(home, "s") };
  const run = (payload: Record<string, unknown>) =>
    execFileSync(process.execPath, [join(root, KIMI_DISPATCHER_FILE)], {
      input: JSON.stringify({ ...payload, cwd: project }),
      encoding: "utf8",
      env,
    });
  const shell = (command: string) => {
    const payload = JSON.parse(fixture("PreToolUse.Bash.json"));
    return run({ ...payload, tool_input: { ...payload.tool_input, command } });
  };
  return { run, shell, caches: () => readdirSync(cache).sort() };
}

describe("the dispatcher with the shipped bundles of three guardrails", () => {
  it("refuses a merge, lets a plain command run, and starts the one bundle once a call", { timeout: 30_000 }, () => {
    const { shell, caches } = installed();
    const merge = JSON.parse(shell("gh pr merge 12"));
    expect(merge.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(merge.hookSpecificOutput.permissionDecisionReason).toMatch(/^merge-gate: blocked\./);
    // The first part (started by the loader of the first guardrail to answer), and the second (the shell parser and
    // analysis a merge is read with): one bundle's.
    expect(caches()).toEqual([
      expect.stringMatching(/^command-gates-[0-9a-f]{16}-v/),
      expect.stringMatching(/^command-gates-[0-9a-f]{16}\.1-v/),
    ]);
    expect(shell("git status --short")).toBe("");
    expect(caches()).toHaveLength(2);
  });

  it("gives worktree-check's verdict with the prompt, where Kimi Code shows it to the model", {
    timeout: 30_000,
  }, () => {
    const { run } = installed();
    const out = run(JSON.parse(fixture("UserPromptSubmit.json")));
    expect(out).toMatch(/^worktree-check: the checkout this session works in/);
  });
});
