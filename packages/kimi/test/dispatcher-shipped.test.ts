// The shipped Kimi Code folders of three guardrails behind the dispatcher, as an install leaves them: each folder
// holds the same bundle (every guardrail Kimi Code can run), so the dispatcher's process starts it once for all of
// them. Its one start leaves one code cache of each part of the bundle it read; a start per guardrail would leave
// one of each per guardrail.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
  // The built-in modules the last run loaded, written by a preload as the process exits.
  const loaded = join(home, "modules.txt");
  const preload = join(home, "modules.cjs");
  writeFileSync(
    preload,
    `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(loaded)}, process.moduleLoadList.join("\\n")));\n`,
  );
  const run = (payload: Record<string, unknown>) =>
    execFileSync(process.execPath, ["--require", preload, join(root, KIMI_DISPATCHER_FILE)], {
      input: JSON.stringify({ ...payload, cwd: project }),
      encoding: "utf8",
      env,
    });
  const shell = (command: string) => {
    const payload = JSON.parse(fixture("PreToolUse.Bash.json"));
    return run({ ...payload, tool_input: { ...payload.tool_input, command } });
  };
  const modules = () => readFileSync(loaded, "utf8").split("\n");
  return { run, shell, caches: () => readdirSync(cache).sort(), modules };
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

  it("reads only the bundle's first part for a plain command: every guardrail is in it", { timeout: 30_000 }, () => {
    // Each guardrail is a chunk of its own there, set up when it runs; in a later part, a plain call would read two.
    const { shell, caches } = installed();
    expect(shell("git status --short")).toBe("");
    expect(caches()).toEqual([expect.stringMatching(/^command-gates-[0-9a-f]{16}-v/)]);
  });

  it("loads no module a plain call does not need (node:crypto and its streams, node:os)", { timeout: 30_000 }, () => {
    // Each part of the bundle sets up what every guardrail in it imports: a built-in one of them loads at the top
    // of its module (plan-export's hashing, once) is loaded on every call of every guardrail.
    const { shell, modules } = installed();
    shell("git status --short");
    expect(modules().filter((m) => /^NativeModule (crypto|stream|os|child_process)$/.test(m))).toEqual([]);
  });

  it("gives worktree-check's verdict with the prompt, where Kimi Code shows it to the model", {
    timeout: 30_000,
  }, () => {
    const { run } = installed();
    const out = run(JSON.parse(fixture("UserPromptSubmit.json")));
    expect(out).toMatch(/^worktree-check: the checkout this session works in/);
  });
});
