// File-tool edits of a CLI's settings file: allowed when every key that decides about hooks is unchanged; a
// shell write, whose result cannot be known, stays blocked. Run through the shipped Claude Code bundle.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { decidingKeysUnchanged, settingsFileAt, settingsFiles, textAfterTool } from "../src/settings-keys.ts";

const claude = settingsFiles().find((f) => f.cli === "claude");
const settings = JSON.stringify(
  { permissions: { allow: ["Bash(git status)"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [] }] } },
  null,
  2,
);

describe("hook-deciding keys", () => {
  it.each([
    ["/p/.claude/settings.json", "claude"],
    ["/home/u/.claude/settings.local.json", "claude"],
    ["/p/.gemini/settings.json", "gemini"],
    ["/home/u/.copilot/config.json", "copilot"],
    ["/p/.github/copilot/settings.json", "copilot"],
    ["/p/.qwen/settings.json", "qwen"],
    ["/home/u/.factory/settings.json", "droid"],
    ["/p/.factory/settings.local.json", "droid"],
    ["/p/.factory/hooks.json", undefined],
    ["/etc/qwen-code/settings.json", undefined],
    ["/p/.codex/config.toml", "codex"],
    ["/home/u/.codex/config.toml", "codex"],
    ["/opt/codex/config.toml", undefined],
    ["/p/.codex/hooks.json", undefined],
    ["/home/u/.kimi-code/config.toml", "kimi"],
    ["/opt/kimi/config.toml", undefined],
  ])("%s is %s's settings", (path, cli) => {
    expect(settingsFileAt(path)?.cli).toBe(cli);
  });

  it.each<[string, string | undefined, string, boolean]>([
    [
      "a permission added",
      settings,
      settings.replace('"Bash(git status)"', '"Bash(git status)", "Bash(npm test)"'),
      true,
    ],
    ["keys reordered", '{"hooks":{"a":1,"b":2},"model":"x"}', '{"model":"y","hooks":{"b":2,"a":1}}', true],
    ["a new file with permissions only", undefined, '{"permissions":{"allow":["Bash(npm test)"]}}', true],
    ["hooks emptied", settings, settings.replace(/"hooks": \{[\s\S]*\}\n\}/, '"hooks": {}\n}'), false],
    ["disableAllHooks added", settings, settings.replace("{", '{"disableAllHooks": true,'), false],
    ["a plugin switched off", "{}", '{"enabledPlugins":{"merge-gate@hookrail":false}}', false],
    ["an env variable set", "{}", '{"env":{"CLAUDE_CODE_SIMPLE":"1"}}', false],
    ["a status line command", "{}", '{"statusLine":{"type":"command","command":"gh pr merge 1"}}', false],
    ["JSON with comments", "{}", '{ // x\n "permissions": {} }', false],
  ])("claude: %s → unchanged: %s", (_label, before, after, unchanged) => {
    expect(decidingKeysUnchanged(claude as ReturnType<typeof settingsFiles>[number], before, after)).toBe(unchanged);
  });

  const qwenSettings = '{"tools":{"allowed":["run_shell_command(git status)"]},"hooks":{"PreToolUse":[]}}';
  const droidSettings = '{"commandAllowlist":["ls"],"hooks":{"PreToolUse":[]},"enabledPlugins":{"merge-gate@h":true}}';
  it.each<[string, string, string, string, boolean]>([
    [
      "qwen",
      "a tool allowed",
      qwenSettings,
      qwenSettings.replace("status)", 'status)","run_shell_command(npm test)'),
      true,
    ],
    ["qwen", "a model chosen", qwenSettings, qwenSettings.replace("{", '{"model":{"name":"qwen3-coder"},'), true],
    ["qwen", "disableAllHooks added", qwenSettings, qwenSettings.replace("{", '{"disableAllHooks":true,'), false],
    ["qwen", "hooks emptied", qwenSettings, '{"tools":{"allowed":[]},"hooks":{}}', false],
    [
      "qwen",
      "folder trust switched on",
      qwenSettings,
      qwenSettings.replace("{", '{"security":{"folderTrust":{"enabled":true}},'),
      false,
    ],
    ["qwen", "an extension disabled", "{}", '{"extensions":{"disabled":["merge-gate"]}}', false],
    ["droid", "a command allowed", droidSettings, droidSettings.replace('"ls"', '"ls","npm test"'), true],
    ["droid", "a command denied", droidSettings, droidSettings.replace("{", '{"commandDenylist":["rm -rf /"],'), true],
    ["droid", "hooksDisabled added", droidSettings, droidSettings.replace("{", '{"hooksDisabled":true,'), false],
    ["droid", "a plugin switched off", droidSettings, droidSettings.replace(":true}", ":false}"), false],
    ["droid", "hooks changed", droidSettings, droidSettings.replace('"PreToolUse":[]', '"Stop":[]'), false],
  ])("%s: %s → unchanged: %s", (cli, _label, before, after, unchanged) => {
    const file = settingsFiles().find((f) => f.cli === cli);
    expect(file && decidingKeysUnchanged(file, before, after)).toBe(unchanged);
  });

  const toml = [
    'model = "gpt-5.5"',
    'approval_policy = "on-request"',
    "",
    "[features]",
    "hooks = true",
    "",
    '[projects."/p"]',
    'trust_level = "trusted"',
    "",
    '[hooks.state."/h/hooks.json:pre_tool_use:0:0"]',
    'trusted_hash = "sha256:ab"',
    "",
  ].join("\n");
  // The top-level keys first, then the tables in reverse order, with a comment.
  const reordered = (text: string) => {
    const [top, ...tables] = text.trimEnd().split("\n\n");
    return `# mine\n${[top, ...tables.reverse()].join("\n\n")}\n`;
  };
  it.each<[string, string, boolean]>([
    ["the approval policy changed", toml.replace("on-request", "never"), true],
    ["a model chosen", toml.replace("gpt-5.5", "o4"), true],
    ["the sandbox set", `sandbox_mode = "workspace-write"\n${toml}`, true],
    ["a comment added, tables reordered", reordered(toml), true],
    ["the hooks feature switched off", toml.replace("hooks = true", "hooks = false"), false],
    ["a hook's trust changed", toml.replace("sha256:ab", "sha256:cd"), false],
    ["the project untrusted", toml.replace('"trusted"', '"untrusted"'), false],
    ["a profile that switches hooks off", `profile = "x"\n${toml}\n[profiles.x.features]\nhooks = false\n`, false],
    ["a notify command", `notify = ["gh", "pr", "merge", "1"]\n${toml}`, false],
    ["not TOML", `${toml}\n[[broken`, false],
  ])("codex config.toml: %s → unchanged: %s", (_label, after, unchanged) => {
    const codex = settingsFiles().find((f) => f.cli === "codex");
    expect(codex && decidingKeysUnchanged(codex, toml, after)).toBe(unchanged);
  });

  const kimiToml = [
    'default_model = "mock"',
    "",
    "[models.mock]",
    'provider = "mock"',
    "",
    "[[hooks]]",
    'event = "PreToolUse"',
    'matcher = "^(?:Bash|Write|Edit|mcp__.*)$"',
    'command = "node merge-gate.cjs || exit 2"',
    "",
  ].join("\n");
  it.each<[string, string, boolean]>([
    ["a model chosen", kimiToml.replace('default_model = "mock"', 'default_model = "kimi"'), true],
    ["a provider added", `${kimiToml}\n[providers.x]\ntype = "openai"\n`, true],
    ["a hook's matcher narrowed", kimiToml.replace("Bash|", ""), false],
    ["a hook of another event added", `${kimiToml}\n[[hooks]]\nevent = "Stop"\ncommand = "true"\n`, false],
    ["the hooks removed", kimiToml.slice(0, kimiToml.indexOf("[[hooks]]")), false],
  ])("kimi config.toml: %s → unchanged: %s", (_label, after, unchanged) => {
    const kimi = settingsFiles().find((f) => f.cli === "kimi");
    expect(kimi && decidingKeysUnchanged(kimi, kimiToml, after)).toBe(unchanged);
  });

  it("applies OpenCode's and Kilo's edit: oldString, replaceAll, and an empty oldString that writes the file", () => {
    expect(textAfterTool({ oldString: "a", newString: "b" }, "a a")).toBe("b a");
    expect(textAfterTool({ oldString: "a", newString: "b", replaceAll: true }, "a a")).toBe("b b");
    expect(textAfterTool({ oldString: "", newString: "{}" }, "old")).toBe("{}");
    expect(textAfterTool({ oldString: "zz", newString: "b" }, "a")).toBeUndefined();
  });

  it("applies a write, an edit, replace_all and a list of edits; an edit whose text is missing is unknown", () => {
    expect(textAfterTool({ content: "x" }, "old")).toBe("x");
    expect(textAfterTool({ file_text: "y" }, undefined)).toBe("y");
    expect(textAfterTool({ old_string: "a", new_string: "b" }, "a a")).toBe("b a");
    expect(textAfterTool({ old_str: "a", new_str: "b", replace_all: true }, "a a")).toBe("b b");
    expect(
      textAfterTool(
        {
          edits: [
            { old_string: "a", new_string: "b" },
            { old_string: "b b", new_string: "c" },
          ],
        },
        "a b",
      ),
    ).toBe("c");
    expect(textAfterTool({ old_string: "zz", new_string: "b" }, "a")).toBeUndefined();
    expect(textAfterTool({ old_string: "$&", new_string: "$'" }, "x$&y")).toBe("x$'y");
  });
});

describe("settings edits through the shipped Claude Code bundle", () => {
  const file = bundlePath("merge-gate", "claude");
  function project() {
    const repo = gitRepo();
    mkdirSync(join(repo.dir, ".claude"));
    writeFileSync(join(repo.dir, ".claude", "settings.json"), settings);
    const home = tempDir();
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, "config"), HOOKRAIL_STATE_DIR: join(home, "state") };
    const run = (tool: string, input: Record<string, unknown>) =>
      runBundle(
        file,
        JSON.stringify({
          session_id: "s",
          transcript_path: "/t.jsonl",
          cwd: repo.dir,
          hook_event_name: "PreToolUse",
          tool_name: tool,
          tool_input: input,
        }),
        { env },
      );
    return { run, dir: repo.dir };
  }

  it("lets Edit add a permission, blocks an Edit that changes hooks, and keeps blocking shell writes", async () => {
    const { run, dir } = project();
    const path = join(dir, ".claude", "settings.json");
    const permission = {
      file_path: path,
      old_string: '"Bash(git status)"',
      new_string: '"Bash(git status)", "Bash(npm test)"',
    };
    expect((await run("Edit", permission)).stdout).toBe("");
    const hooks = { file_path: path, old_string: '"matcher": "Bash"', new_string: '"matcher": "NoSuchTool"' };
    expect(cliRunsTool("claude", await run("Edit", hooks))).toBe(false);
    const write = { file_path: path, content: '{"permissions":{"allow":["Bash(npm test)"]}}' };
    expect(cliRunsTool("claude", await run("Write", write))).toBe(false);
    const sed = { command: `sed -i 's/git status/npm test/' ${path}` };
    expect(cliRunsTool("claude", await run("Bash", sed))).toBe(false);
  });

  it("lets a file tool write a CLI's settings kept as test data below the session's folder", async () => {
    const { run, dir } = project();
    const fixture = join(dir, "test", "fixtures", "repo", ".claude", "settings.json");
    expect((await run("Write", { file_path: fixture, content: '{"hooks":{}}' })).stdout).toBe("");
    expect(
      cliRunsTool("claude", await run("Write", { file_path: join(dir, ".claude", "settings.json"), content: "{}" })),
    ).toBe(false);
  });

  it("blocks a file tool's edit of git's config that sets core.hooksPath or an include, not other edits", async () => {
    const { run, dir } = project();
    const config = join(dir, ".git", "config");
    const hooksPath = { file_path: config, old_string: "[core]", new_string: "[core]\n\thooksPath = /dev/null" };
    const blocked = await run("Edit", hooksPath);
    expect(cliRunsTool("claude", blocked)).toBe(false);
    expect(blocked.stdout).toContain("core.hooksPath");
    const include = { file_path: config, old_string: "[core]", new_string: "[include]\n\tpath = /tmp/x\n[core]" };
    expect(cliRunsTool("claude", await run("Edit", include))).toBe(false);
    const alias = { file_path: config, old_string: "[core]", new_string: "[alias]\n\tst = status\n[core]" };
    expect((await run("Edit", alias)).stdout).toBe("");
  });
});
