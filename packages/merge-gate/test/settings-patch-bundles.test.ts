// Settings edits through patch tools and OpenCode's edit, in the shipped bundles: the patch (or the oldString →
// newString replacement) is applied to the file as it is on disk, and the result judged as any file tool's edit is.
// A permission added runs; a hook, its trust or the hooks switch changed, a deleted file, or a patch that does not
// apply is blocked. Codex's apply_patch and Droid's ApplyPatch through their bundles, OpenCode's and Kilo's edit
// and apply_patch through their plugins (one plugin code, each CLI's own bundle).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bridgeFixture, bundlePath, cliRunsTool, gitRepo, loadPlugin, runBundle, tempDir } from "@hookrail/test-utils";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

const SETTINGS = `${JSON.stringify(
  { permissions: { allow: ["Bash(git status)"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [] }] } },
  null,
  2,
)}\n`;
const CONFIG = [
  'approval_policy = "on-request"',
  "",
  "[features]",
  "hooks = true",
  "",
  '[hooks.state."/h/hooks.json:pre_tool_use:0:0"]',
  'trusted_hash = "sha256:ab"',
  "",
].join("\n");

const patch = (...body: string[]) => ["*** Begin Patch", ...body, "*** End Patch", ""].join("\n");
const update = (file: string, from: string, to: string) =>
  patch(`*** Update File: ${file}`, "@@", `-${from}`, `+${to}`);

/** A repository with a project's Claude Code settings and Codex config, and a home of its own. */
function project() {
  const repo = gitRepo();
  mkdirSync(join(repo.dir, ".claude"));
  writeFileSync(join(repo.dir, ".claude", "settings.json"), SETTINGS);
  mkdirSync(join(repo.dir, ".codex"));
  writeFileSync(join(repo.dir, ".codex", "config.toml"), CONFIG);
  const home = tempDir();
  return { dir: repo.dir, home };
}

// [what, the patch in a repository, runs]
const PATCHES: [string, string, boolean][] = [
  [
    "a permission added to .claude/settings.json",
    update(".claude/settings.json", '      "Bash(git status)"', '      "Bash(git status)", "Bash(npm test)"'),
    true,
  ],
  [
    "Codex's approval policy changed",
    update(".codex/config.toml", 'approval_policy = "on-request"', 'approval_policy = "never"'),
    true,
  ],
  [
    "a Claude Code hook's matcher changed",
    update(".claude/settings.json", '        "matcher": "Bash",', '        "matcher": "None",'),
    false,
  ],
  ["Codex's hooks switched off", update(".codex/config.toml", "hooks = true", "hooks = false"), false],
  [
    "a Codex hook's trust changed",
    update(".codex/config.toml", 'trusted_hash = "sha256:ab"', 'trusted_hash = "x"'),
    false,
  ],
  ["the settings deleted", patch("*** Delete File: .claude/settings.json"), false],
  ["a patch that does not apply", update(".claude/settings.json", "no such line", "x"), false],
  ["the settings replaced by a new file", patch("*** Add File: .claude/settings.json", '+{"hooks":{}}'), false],
  [
    "a file moved over the settings",
    patch("*** Update File: notes.json", "*** Move to: .claude/settings.json", "@@", "-{}", "+{}"),
    false,
  ],
];

describe("Codex's apply_patch of settings files, through the shipped bundle", () => {
  const file = bundlePath("merge-gate", "codex");
  const payload = JSON.parse(
    readFileSync(join(import.meta.dirname, "../../codex/test/fixtures/PreToolUse.apply_patch.json"), "utf8"),
  ) as Record<string, unknown>;

  it.each(PATCHES.map(([what, text, runs]) => [what, runs, text] as const))("%s → runs: %s", async (_w, runs, text) => {
    const { dir, home } = project();
    writeFileSync(join(dir, "notes.json"), "{}\n");
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, "config"), HOOKRAIL_STATE_DIR: join(home, "state") };
    const input = JSON.stringify({ ...payload, cwd: dir, tool_input: { command: text } });
    const result = await runBundle(file, input, { env });
    expect(cliRunsTool("codex", result)).toBe(runs);
    if (runs) expect(result.stdout).toBe("");
  });
});

describe("Droid's ApplyPatch (the patch in `input`), through the shipped bundle", () => {
  const droidPatches = PATCHES.filter((_, i) => i === 0 || i === 2).map(([w, t, r]) => [w, r, t] as const);
  it.each(droidPatches)("%s → runs: %s", async (_w, runs, text) => {
    const { dir, home } = project();
    const payload = { session_id: "s", cwd: dir, hook_event_name: "PreToolUse", tool_name: "ApplyPatch" };
    const input = JSON.stringify({ ...payload, tool_input: { input: text } });
    const result = await runBundle(bundlePath("merge-gate", "droid"), input, { env: { HOME: home } });
    expect(cliRunsTool("droid", result)).toBe(runs);
  });
});

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;

describe.each(["opencode", "kilo"] as const)(
  "%s's edit and apply_patch of settings files, through the shipped plugin",
  (cli) => {
    beforeEach(() => {
      const dir = tempDir("opencode-settings-home-");
      vi.stubEnv("HOME", dir);
      vi.stubEnv("HOOKRAIL_STATE_DIR", join(dir, "state"));
      vi.stubEnv("HOOKRAIL_CONFIG", join(dir, "config.json"));
      vi.stubEnv("HOOKRAIL_DEBUG_LOG", "");
    });

    async function opencode(dir: string) {
      const { module } = await loadPlugin("merge-gate", cli);
      const ctx = bridgeFixture(cli, "plugin-init", { cwd: dir }).ctx;
      // As OpenCode 1 and Kilo load it: the default export's server().
      const { server } = module.default as { server: (ctx: unknown) => Promise<Hooks> };
      const hooks = await server(ctx);
      // The CLI disposes of the instance when its run ends, which stops the plugin's worker.
      onTestFinished(() =>
        hooks.event?.({ event: { type: "server.instance.disposed", properties: { directory: dir } } }),
      );
      // A captured edit call, with its tool and arguments replaced (apply_patch takes {patchText}).
      return (tool: string, args: Record<string, unknown>) => {
        const { input, output } = bridgeFixture(cli, "tool.execute.before.edit", { cwd: dir });
        return hooks["tool.execute.before"]?.({ ...input, tool }, { ...output, args });
      };
    }

    it("lets edit add a permission, and blocks an edit that changes a hook or empties the file", async () => {
      const { dir } = project();
      const call = await opencode(dir);
      const filePath = join(dir, ".claude", "settings.json");
      const permission = {
        filePath,
        oldString: '"Bash(git status)"',
        newString: '"Bash(git status)", "Bash(npm test)"',
      };
      await expect(call("edit", permission)).resolves.toBeUndefined();
      const hook = { filePath, oldString: '"matcher": "Bash"', newString: '"matcher": "None"' };
      await expect(call("edit", hook)).rejects.toThrow(/Claude Code's hook settings/);
      await expect(call("edit", { filePath, oldString: "", newString: "{}" })).rejects.toThrow(/merge-gate: blocked/);
      const config = join(dir, ".codex", "config.toml");
      const policy = { filePath: config, oldString: '"on-request"', newString: '"never"' };
      await expect(call("edit", policy)).resolves.toBeUndefined();
      const off = { filePath: config, oldString: "hooks = true", newString: "hooks = false" };
      await expect(call("edit", off)).rejects.toThrow(/Codex's config and hook trust/);
    });

    const opencodePatches = PATCHES.filter(([what]) => !what.includes("moved")).map(([w, t, r]) => [w, r, t] as const);
    it.each(opencodePatches)("apply_patch: %s → runs: %s", async (_w, runs, text) => {
      const { dir } = project();
      const call = await opencode(dir);
      const result = call("apply_patch", { patchText: text });
      if (runs) await expect(result).resolves.toBeUndefined();
      else await expect(result).rejects.toThrow(/merge-gate: blocked/);
    });
  },
);
