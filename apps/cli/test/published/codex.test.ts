// The packed hookrail installing into Codex (files it edits itself: hooks.json, config.toml),
// in throwaway homes and repositories.
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ListedHook, listHooks } from "@hookrail/codex/install";
import { parseToml } from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";
import { type Sandbox, sandbox } from "./sandbox.ts";

const USER_HOOKS = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "my-own-hook.sh" }] }
    ]
  }
}
`;
const USER_CONFIG = `# my Codex settings
model = "gpt-5.5" # the model

[projects."/somewhere"]
trust_level = "trusted"
`;

describe("hookrail install --cli codex (user scope)", () => {
  it("merges next to the user's hooks, keeps config.toml's comments, twice is once, uninstall gives both files back", async () => {
    const box = sandbox();
    box.write(".codex/hooks.json", USER_HOOKS);
    box.write(".codex/config.toml", USER_CONFIG);
    const first = await box.hookrail("install", "merge-gate", "--cli", "codex");
    expect(first.exitCode, first.stderr).toBe(0);
    const hooks = JSON.parse(box.read(".codex/hooks.json"));
    // The user's hook first, then the gate's: one group for the shell and file tools, one for MCP tools.
    expect(hooks.hooks.PreToolUse.map((g: { hooks: { command: string }[] }) => g.hooks[0]?.command)).toEqual([
      "my-own-hook.sh",
      expect.stringContaining("/hookrail/merge-gate/merge-gate.cjs"),
      expect.stringContaining("/hookrail/merge-gate/merge-gate.cjs"),
    ]);
    expect(hooks.hooks.PreToolUse.map((g: { matcher?: string }) => g.matcher).at(-1)).toBe("mcp__.*");
    const config = box.read(".codex/config.toml");
    expect(config.startsWith(USER_CONFIG)).toBe(true);
    expect(config).toMatch(/\[hooks\.state\.".*hooks\.json:pre_tool_use:1:0"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/);

    const snapshot = [box.read(".codex/hooks.json"), box.read(".codex/config.toml")];
    expect((await box.hookrail("install", "merge-gate", "--cli", "codex", "--dry-run")).stdout).toContain(
      "(nothing to change)",
    );
    expect((await box.hookrail("install", "merge-gate", "--cli", "codex")).exitCode).toBe(0);
    expect([box.read(".codex/hooks.json"), box.read(".codex/config.toml")]).toEqual(snapshot);
    expect((await box.hookrail("list")).stdout).toMatch(/codex +user +merge-gate +\S+ +yes/);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "codex")).exitCode).toBe(0);
    expect(box.read(".codex/hooks.json")).toBe(USER_HOOKS);
    expect(box.read(".codex/config.toml")).toBe(USER_CONFIG);
    expect(existsSync(join(box.home, ".codex", "hookrail"))).toBe(false);
  });

  it("--dry-run prints the diff of each file and changes nothing", async () => {
    const box = sandbox();
    box.write(".codex/config.toml", USER_CONFIG);
    const r = await box.hookrail("install", "merge-gate", "--cli", "codex", "--dry-run");
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`+++ ${join(box.home, ".codex", "config.toml")}`);
    expect(r.stdout).toMatch(/\+trusted_hash = "sha256:/);
    expect(r.stdout).toContain(`--- ${join(box.home, ".codex", "hooks.json")}\t(new file)`);
    expect(box.read(".codex/config.toml")).toBe(USER_CONFIG);
    expect(existsSync(join(box.home, ".codex", "hooks.json"))).toBe(false);
  });

  it.each([
    ["config.toml", "broken TOML", "model = = 1\n", /config\.toml is not valid TOML/],
    ["hooks.json", "broken JSON", "{ not json", /hooks\.json is not valid JSON/],
  ])("refuses a %s with %s, naming it, and writes nothing", async (file, _, text, message) => {
    const box = sandbox();
    box.write(`.codex/${file}`, text);
    const r = await box.hookrail("install", "merge-gate", "--cli", "codex");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain(join(box.home, ".codex", file));
    expect(box.read(`.codex/${file}`)).toBe(text);
    expect(existsSync(join(box.home, ".codex", "hookrail"))).toBe(false);
    expect(existsSync(join(box.home, ".local", "share", "hookrail"))).toBe(false);
  });

  it("refuses a read-only config.toml, naming it, and writes nothing", async () => {
    const box = sandbox();
    const file = box.write(".codex/config.toml", USER_CONFIG);
    chmodSync(file, 0o444);
    const r = await box.hookrail("install", "merge-gate", "--cli", "codex");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/config\.toml is not writable/);
    expect(readFileSync(file, "utf8")).toBe(USER_CONFIG);
    expect(existsSync(join(box.home, ".codex", "hooks.json"))).toBe(false);
  });
});

describe("hookrail install --cli codex --scope project", () => {
  it("writes <repo>/.codex with a repo-local copy, trusts the hooks for this user, and doctor names the project trust", async () => {
    const box = sandbox();
    const r = await box.hookrail("install", "merge-gate", "--cli", "codex", "--scope", "project");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("only in a trusted project");
    const hooks = readFileSync(join(box.repo, ".codex", "hooks.json"), "utf8");
    expect(hooks).toContain("$(git rev-parse --show-toplevel)/.codex/hookrail/merge-gate/merge-gate.cjs");
    expect(existsSync(join(box.repo, ".codex", "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    expect(box.read(".codex/config.toml")).toContain(`${join(box.repo, ".codex", "hooks.json")}:pre_tool_use:0:0`);

    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain(`project ${box.repo} is not trusted`);
    box.write(
      ".codex/config.toml",
      `${box.read(".codex/config.toml")}\n[projects."${box.repo}"]\ntrust_level = "trusted"\n`,
    );
    const json = JSON.parse((await box.hookrail("doctor", "--json")).stdout);
    expect(json.installed).toMatchObject([{ cli: "codex", scope: "project", guardrail: "merge-gate", problems: [] }]);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "codex", "--scope", "project")).exitCode).toBe(0);
    // hookrail made the folder: it goes too.
    expect(existsSync(join(box.repo, ".codex"))).toBe(false);
  });

  it("doctor finds a hook edited after it was trusted", async () => {
    const box = sandbox();
    await box.hookrail("install", "merge-gate", "--cli", "codex");
    box.write(".codex/hooks.json", box.read(".codex/hooks.json").replace('"timeout": 10', '"timeout": 11'));
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/not trusted or edited since trusted/);
    expect((await box.hookrail("update")).exitCode).toBe(0);
    expect((await box.hookrail("list")).stdout).toMatch(/codex +user +merge-gate +\S+ +yes/);
  });
});

/** What the real Codex says of every hook here, with its trust. */
const trustOf = (box: Sandbox): Promise<ListedHook[]> => listHooks("codex", box.repo, box.env);

/** Trusts the user's own hooks the way Codex does: the hash Codex itself reports. */
async function trustAsCodexDoes(box: Sandbox, commands: string[]): Promise<void> {
  const hooks: ListedHook[] = await listHooks("codex", box.repo, box.env);
  const file = join(box.home, ".codex", "config.toml");
  let config = readFileSync(file, "utf8");
  for (const h of hooks.filter((x) => commands.includes(x.command ?? "")))
    config += `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\n`;
  writeFileSync(file, config);
}

const ownHook = (command: string) => ({ matcher: "Bash", hooks: [{ type: "command", command }] });

describe("Codex trust across installs, uninstalls and updates, as the real Codex reads it", () => {
  it("every hook trusted before stays trusted, nothing untrusted becomes trusted, and no trust is left behind", async () => {
    const box = sandbox(["codex"]);
    const hooksFile = join(box.home, ".codex", "hooks.json");
    box.write(
      ".codex/hooks.json",
      `${JSON.stringify({ hooks: { PreToolUse: [ownHook("mine-first.sh"), ownHook("mine-untrusted.sh")] } }, null, 2)}\n`,
    );
    box.write(".codex/config.toml", USER_CONFIG);
    await trustAsCodexDoes(box, ["mine-first.sh"]);
    const ours = (t: ListedHook[]) =>
      t.filter((h) => h.command?.includes("/hookrail/")).map((h) => [h.key, h.trustStatus]);
    const mine = (t: ListedHook[]) =>
      Object.fromEntries(t.filter((h) => h.command?.startsWith("mine-")).map((h) => [h.command, h.trustStatus]));
    expect(mine(await trustOf(box))).toEqual({ "mine-first.sh": "trusted", "mine-untrusted.sh": "untrusted" });

    expect(
      (await box.hookrail("install", "merge-gate", "branch-drift", "plan-export", "--cli", "codex")).exitCode,
    ).toBe(0);
    let trust = await trustOf(box);
    expect(ours(trust).length).toBeGreaterThan(5);
    expect(ours(trust).filter(([, s]) => s !== "trusted")).toEqual([]);
    expect(mine(trust)).toEqual({ "mine-first.sh": "trusted", "mine-untrusted.sh": "untrusted" });

    // The user adds a hook after ours and trusts it in Codex.
    const data = JSON.parse(readFileSync(hooksFile, "utf8"));
    data.hooks.PreToolUse.push(ownHook("mine-after.sh"));
    writeFileSync(hooksFile, JSON.stringify(data, null, 2));
    await trustAsCodexDoes(box, ["mine-after.sh"]);
    const expected = { "mine-first.sh": "trusted", "mine-untrusted.sh": "untrusted", "mine-after.sh": "trusted" };

    for (const step of [
      ["uninstall", "merge-gate", "--cli", "codex"],
      ["update"],
      ["install", "merge-gate", "--cli", "codex"],
      ["uninstall", "branch-drift", "--cli", "codex"],
      ["install", "all", "--cli", "codex"],
    ]) {
      const r = await box.hookrail(...step);
      expect(r.exitCode, `${step.join(" ")}: ${r.stderr}`).toBe(0);
      trust = await trustOf(box);
      expect(mine(trust), step.join(" ")).toEqual(expected);
      expect(
        ours(trust).filter(([, s]) => s !== "trusted"),
        step.join(" "),
      ).toEqual([]);
      // doctor reads the same from Codex.
      expect((await box.hookrail("doctor")).stdout).toMatch(/ok {3}codex hooks\/list: \d+ hookrail hook\(s\) trusted/);
    }

    expect((await box.hookrail("uninstall", "all", "--cli", "codex")).exitCode).toBe(0);
    trust = await trustOf(box);
    expect(ours(trust)).toEqual([]);
    expect(mine(trust)).toEqual(expected);
    // Only the user's own trust is left: one table per hook they trusted.
    const state = (parseToml(box.read(".codex/config.toml"), "config.toml").value.hooks as { state: object }).state;
    expect(Object.keys(state)).toHaveLength(2);
    expect(box.read(".codex/config.toml").startsWith(USER_CONFIG)).toBe(true);
    expect(existsSync(join(box.home, ".codex", "hookrail"))).toBe(false);
  });
});
