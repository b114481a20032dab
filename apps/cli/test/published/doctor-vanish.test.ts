// `hookrail doctor` from the packed package for the ways a guardrail vanishes through the CLIs' own
// commands (the pinned real binaries): each is a problem with its stable id, doctor exits 1, and the
// fix it names (`hookrail update`) puts the guardrail back. (The CLIs that only read files: ../doctor-vanish.test.ts.)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox } from "./sandbox.ts";

async function problems(box: Sandbox): Promise<string[]> {
  const r = await box.hookrail("doctor", "--json", { cwd: box.repo });
  expect(r.exitCode, r.stdout).toBe(1);
  return (JSON.parse(r.stdout) as { checks: { id: string; ok: boolean }[] }).checks
    .filter((c) => !c.ok)
    .map((c) => c.id);
}

const cli = (box: Sandbox, bin: string, ...args: string[]) =>
  execa(bin, args, {
    cwd: box.repo,
    env: { ...box.env, GEMINI_CLI_TRUST_WORKSPACE: "true" },
    extendEnv: false,
    stdin: "ignore",
  });

describe.each([
  [
    "claude",
    "uninstalled with claude plugin uninstall",
    ["plugin", "uninstall", "merge-gate@hookrail-user"],
    "claude.guardrail.vanished",
  ],
  [
    "claude",
    "disabled with claude plugin disable",
    ["plugin", "disable", "merge-gate@hookrail-user"],
    "claude.plugin.disabled",
  ],
  [
    "gemini",
    "uninstalled with gemini extensions uninstall",
    ["extensions", "uninstall", "merge-gate"],
    "gemini.guardrail.vanished",
  ],
  [
    "gemini",
    "disabled with gemini extensions disable",
    ["extensions", "disable", "merge-gate"],
    "gemini.extension.disabled",
  ],
] as const)("%s: the merge gate %s", (name, _, args, id) => {
  it(`is ${id}, and hookrail update puts it back`, async () => {
    // The repository in the user's home, as theirs are: `gemini extensions disable` (user scope) covers the home folder.
    const box = sandbox([name], { repoInHome: true });
    expect((await box.hookrail("install", "merge-gate", "--cli", name)).exitCode).toBe(0);
    expect((await box.hookrail("doctor")).exitCode).toBe(0);
    await cli(box, name, ...args);
    expect(await problems(box)).toContain(id);
    if (id.endsWith(".vanished")) {
      const update = await box.hookrail("update");
      expect(update.stdout).toMatch(/merge-gate for .+ \(user scope\): reinstalled, it had vanished/);
      expect((await box.hookrail("doctor")).exitCode).toBe(0);
    }
  });
});

describe("claude: disableAllHooks", () => {
  it("is claude.hooks.disabled", async () => {
    const box = sandbox(["claude"]);
    expect((await box.hookrail("install", "merge-gate", "--cli", "claude")).exitCode).toBe(0);
    const settings = JSON.parse(box.read(".claude/settings.json"));
    box.write(".claude/settings.json", JSON.stringify({ ...settings, disableAllHooks: true }));
    expect(await problems(box)).toContain("claude.hooks.disabled");
  });
});

describe("gemini: the merge gate's bundle deleted from its extension", () => {
  it("is one problem naming the file, and hookrail update puts it back", async () => {
    const box = sandbox(["gemini"], { repoInHome: true });
    expect((await box.hookrail("install", "merge-gate", "--cli", "gemini")).exitCode).toBe(0);
    const bundle = join(box.home, ".gemini", "extensions", "merge-gate", "hooks", "merge-gate.cjs");
    rmSync(bundle);
    const r = await box.hookrail("doctor", "--json", { cwd: box.repo });
    expect(r.exitCode).toBe(1);
    const failing = (JSON.parse(r.stdout) as { checks: { ok: boolean }[] }).checks.filter((c) => !c.ok);
    expect(failing).toEqual([
      {
        id: "gemini.hook.cannot-start",
        ok: false,
        what: `gemini user merge-gate: its hooks cannot start: ${bundle} is missing or unreadable`,
        fix: "run npx hookrail update",
      },
    ]);
    expect((await box.hookrail("doctor", { cwd: box.repo })).stdout).toMatch(
      /\ndoctor: 1 thing to fix; each FIX line says how \(hookrail update puts back what vanished\)$/,
    );
    expect((await box.hookrail("update")).exitCode).toBe(0);
    expect((await box.hookrail("doctor", { cwd: box.repo })).exitCode).toBe(0);
  });
});
