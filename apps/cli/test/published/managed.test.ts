// --scope managed with the packed hookrail, written into a throwaway system root
// (HOOKRAIL_SYSTEM_ROOT, as when building an image), never into this machine's /etc.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexWindowsCommand } from "@hookrail/codex/install";
import { nodeHookCommand } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, inject, it } from "vitest";
import { sandbox } from "./sandbox.ts";

/** The merge gate's folders as the installed package carries them. */
const shipped = join(inject("hookrailBin"), "..", "..", "lib", "node_modules", "hookrail", "plugins", "merge-gate");

const REQUIREMENTS = "# the admin's requirements\nallow_managed_hooks_only = false\n\n[features]\nweb_search = true\n";
const COPILOT_SETTINGS = '{\n  // the admin\'s own\n  "strictKnownMarketplaces": false\n}\n';

function managedBox() {
  const box = sandbox();
  const root = tempDir();
  box.env.HOOKRAIL_SYSTEM_ROOT = root;
  const file = (path: string) => join(root, path);
  return { box, root, file, read: (path: string) => readFileSync(file(path), "utf8") };
}

/** The merge gate's tool hook: its loader blocks when the managed copy's bundle has gone. */
const GATE = { guardrail: "merge-gate", blocking: true };
const codexBundle = "/opt/hookrail/codex/merge-gate/merge-gate.cjs";

describe("hookrail install --scope managed", () => {
  it("writes each CLI's administrator layer, pins the switches, and uninstall gives the shared files back", async () => {
    const { box, file, read } = managedBox();
    mkdirSync(file("etc/codex"), { recursive: true });
    writeFileSync(file("etc/codex/requirements.toml"), REQUIREMENTS);
    mkdirSync(file("etc/github-copilot"), { recursive: true });
    writeFileSync(file("etc/github-copilot/managed-settings.json"), COPILOT_SETTINGS);
    const r = await box.hookrail("install", "merge-gate", "--cli", "all", "--scope", "managed");
    expect(r.exitCode, r.stderr).toBe(0);

    expect(
      JSON.parse(read("etc/claude-code/managed-settings.d/50-hookrail-merge-gate.json")).hooks.PreToolUse[0].hooks[0]
        .command,
    ).toBe(nodeHookCommand("/opt/hookrail/claude/merge-gate/hooks/merge-gate.cjs", GATE));
    const requirements = read("etc/codex/requirements.toml");
    expect(
      requirements.startsWith(
        "# the admin's requirements\nallow_managed_hooks_only = false\n\n[features]\nhooks = true\nweb_search = true\n",
      ),
    ).toBe(true);
    expect(requirements).toContain('[hooks]\nmanaged_dir = "/opt/hookrail/codex"');
    // The shipped group's matcher, and its handler inline, running the managed copy.
    const matcher = JSON.parse(readFileSync(join(shipped, "codex", "hooks.json"), "utf8")).hooks.PreToolUse[0].matcher;
    expect(requirements).toContain(
      `[[hooks.PreToolUse]]\nmatcher = ${JSON.stringify(matcher)}\nhooks = [{ type = "command", command = ${JSON.stringify(nodeHookCommand(codexBundle, GATE))}, commandWindows = ${JSON.stringify(codexWindowsCommand(codexBundle, GATE))}, timeout = 10 }]`,
    );
    expect(JSON.parse(read("etc/gemini-cli/settings.json"))).toMatchObject({ hooksConfig: { enabled: true } });
    for (const bundle of ["claude/merge-gate/hooks", "codex/merge-gate", "gemini/merge-gate/hooks"])
      expect(existsSync(file(`opt/hookrail/${bundle}/merge-gate.cjs`))).toBe(true);
    // Copilot: a force-enabled plugin from a root-owned marketplace of its own, next to the admin's keys.
    const copilot = read("etc/github-copilot/managed-settings.json");
    expect(copilot).toContain("// the admin's own");
    expect(copilot).not.toContain("allowManagedHooksOnly");
    expect(JSON.parse(copilot.replace(/\/\/.*\n/, ""))).toEqual({
      strictKnownMarketplaces: false,
      extraKnownMarketplaces: {
        "hookrail-merge-gate": { source: { source: "directory", path: "/opt/hookrail/copilot/merge-gate" } },
      },
      enabledPlugins: { "merge-gate@hookrail-merge-gate": true },
    });
    expect(JSON.parse(read("opt/hookrail/copilot/merge-gate/.claude-plugin/marketplace.json")).plugins).toEqual([
      { name: "merge-gate", source: "./plugin" },
    ]);
    expect(existsSync(file("opt/hookrail/copilot/merge-gate/plugin/hooks/merge-gate.cjs"))).toBe(true);
    // Cursor: its enterprise hooks file, the gate's entries failClosed, running the root-owned copy.
    expect(JSON.parse(read("etc/cursor/hooks.json")).hooks.preToolUse).toEqual([
      expect.objectContaining({
        command: expect.stringMatching(/^node -e '.*' "\/opt\/hookrail\/cursor\/merge-gate\/merge-gate\.cjs"$/),
        failClosed: true,
      }),
    ]);
    expect(existsSync(file("opt/hookrail/cursor/merge-gate/merge-gate.cjs"))).toBe(true);
    // Antigravity CLI has no administrator layer: skipped, with that line.
    expect(r.stderr).toMatch(/skipped Antigravity CLI: Antigravity CLI documents no administrator layer for hooks/);

    // Qwen Code: its system settings, disableAllHooks pinned; Droid: its organization layer, hooksDisabled pinned.
    const qwen = JSON.parse(read("etc/qwen-code/settings.json"));
    expect(qwen.disableAllHooks).toBe(false);
    expect(qwen.hooks.PreToolUse[0].hooks[0].command).toBe(
      nodeHookCommand("/opt/hookrail/qwen/merge-gate/hooks/merge-gate.cjs", GATE),
    );
    const droid = JSON.parse(read("etc/factory/settings.json"));
    expect(droid.hooks.hooksDisabled).toBe(false);
    expect(droid.hooks.PreToolUse[0]).toMatchObject({
      matcher: "Execute|Create|Edit|MultiEdit|ApplyPatch",
      hooks: [{ command: nodeHookCommand("/opt/hookrail/droid/merge-gate/merge-gate.cjs", GATE) }],
    });
    expect(existsSync(file("opt/hookrail/droid/merge-gate/merge-gate.cjs"))).toBe(true);

    const list = (await box.hookrail("list")).stdout;
    const clis = ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor"];
    for (const cli of clis) expect(list).toMatch(new RegExp(`${cli} +managed +merge-gate +\\S+ +yes`));
    const again = await box.hookrail("install", "merge-gate", "--cli", "all", "--scope", "managed", "--dry-run");
    expect(again.stdout.match(/\(nothing to change\)/g)).toHaveLength(clis.length);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "all", "--scope", "managed")).exitCode).toBe(0);
    expect(read("etc/codex/requirements.toml")).toBe(REQUIREMENTS);
    expect(existsSync(file("etc/claude-code/managed-settings.d/50-hookrail-merge-gate.json"))).toBe(false);
    expect(existsSync(file("etc/gemini-cli/settings.json"))).toBe(false);
    expect(existsSync(file("opt/hookrail/codex"))).toBe(false);
    expect(read("etc/github-copilot/managed-settings.json")).toBe(COPILOT_SETTINGS);
    expect(existsSync(file("opt/hookrail/copilot"))).toBe(false);
    for (const gone of [
      "etc/qwen-code/settings.json",
      "etc/factory/settings.json",
      "etc/cursor/hooks.json",
      "opt/hookrail/qwen",
      "opt/hookrail/droid",
      "opt/hookrail/cursor",
    ])
      expect(existsSync(file(gone)), gone).toBe(false);
  });

  it("doctor names each hole: a user-writable bundle, Gemini's disabled list, system-path override and a missing admin policy, a missing Codex pin", async () => {
    const { box, file, read } = managedBox();
    expect((await box.hookrail("install", "merge-gate", "--cli", "all", "--scope", "managed")).exitCode).toBe(0);
    await execa("chmod", ["o+w", file("opt/hookrail/claude/merge-gate/hooks/merge-gate.cjs")]);
    writeFileSync(
      file("etc/codex/requirements.toml"),
      read("etc/codex/requirements.toml").replace("hooks = true\n", ""),
    );
    box.write(".gemini/settings.json", JSON.stringify({ hooksConfig: { disabled: ["merge-gate"] } }));
    box.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH = "/dev/null";
    const copilot = JSON.parse(read("etc/github-copilot/managed-settings.json"));
    writeFileSync(
      file("etc/github-copilot/managed-settings.json"),
      JSON.stringify({ ...copilot, allowManagedHooksOnly: true }),
    );
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    // With the admin policy in place, Gemini's two switches leave its plain-spelling rule (measured).
    expect(doctor.stdout).toMatch(
      /hooksConfig\.disabled, .*: the hook does not run; only the admin policy's plain-spelling rule is left/,
    );
    rmSync(file("etc/gemini-cli/policies/hookrail-merge-gate.toml"));
    const noPolicy = (await box.hookrail("doctor")).stdout;
    expect(noPolicy).toMatch(
      /hookrail-merge-gate\.toml has gone: hooksConfig\.disabled or GEMINI_CLI_SYSTEM_SETTINGS_PATH then switches merge-gate off/,
    );
    expect(noPolicy).not.toContain("plain-spelling rule is left");
    expect(doctor.stdout).toContain(
      `${file("opt/hookrail/claude/merge-gate/hooks/merge-gate.cjs")} is writable by someone other than root`,
    );
    expect(doctor.stdout).toMatch(/requirements\.toml does not pin \[features\] hooks = true/);
    expect(doctor.stdout).toMatch(/lists merge-gate in hooksConfig\.disabled/);
    expect(doctor.stdout).toMatch(/GEMINI_CLI_SYSTEM_SETTINGS_PATH points Gemini away/);
    expect(doctor.stdout).toMatch(
      /sets allowManagedHooksOnly: Copilot CLI then also switches the managed plugin's hook off/,
    );
  });

  it("refuses when not root, and writes nothing", async () => {
    const { box, root } = managedBox();
    const setpriv = (await execa("sh", ["-c", "command -v setpriv"])).stdout;
    const r = await execa(
      setpriv,
      [
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        process.execPath,
        inject("hookrailBin"),
        "install",
        "merge-gate",
        "--cli",
        "codex",
        "--scope",
        "managed",
      ],
      { env: { ...box.env, HOME: "/nonexistent" }, extendEnv: false, reject: false, stdin: "ignore", cwd: "/" },
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/--scope managed writes the administrator's layer .*: run it as root/);
    expect(existsSync(join(root, "etc"))).toBe(false);
  });
});
