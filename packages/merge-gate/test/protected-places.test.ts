// Which paths are protected: the machine's places from the environment, the patterns anywhere, and how
// file-tool paths are resolved (`~`, relative, `..`, symlinks).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { userConfigPath } from "@hookrail/core";
import { stateDirectory } from "@hookrail/core/state";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { protectedAt, resolvePath } from "../src/analysis/protected-paths.ts";
import { fileWriteDecision } from "../src/file-decision.ts";
import { fileToolTargets, protectedPaths, withRealPaths } from "../src/protected-places.ts";

const env = { HOME: "/home/u" };
const paths = protectedPaths(env, "/home/u/repo");

describe("on Windows", () => {
  const win = {
    USERPROFILE: "C:\\Users\\Ann Lee",
    APPDATA: "C:\\Users\\Ann Lee\\AppData\\Roaming",
    LOCALAPPDATA: "C:\\Users\\Ann Lee\\AppData\\Local",
    ProgramData: "C:\\ProgramData",
    ProgramFiles: "C:\\Program Files",
  };
  const places = protectedPaths(win, "C:\\Users\\Ann Lee\\repo");

  it.each<[string, string | undefined]>([
    ["C:\\Users\\Ann Lee\\.claude\\settings.json", "Claude Code's hook settings"],
    ["C:\\Users\\Ann Lee\\.CLAUDE\\Settings.json", "Claude Code's hook settings"],
    ["C:\\Program Files\\ClaudeCode\\managed-settings.json", "Claude Code's managed settings"],
    ["C:\\ProgramData\\ClaudeCode\\managed-settings.json", "Claude Code's managed settings"],
    ["C:\\ProgramData\\gemini-cli\\settings.json", "Gemini CLI's system settings"],
    ["C:\\ProgramData\\OpenAI\\Codex\\requirements.toml", "Codex's system config"],
    ["C:\\Users\\Ann Lee\\.codex\\hookrail\\merge-gate\\merge-gate.cjs", "hookrail's installed Codex hooks"],
    ["C:\\Users\\Ann Lee\\.copilot\\hooks\\hookrail-merge-gate.json", "Copilot CLI's hooks"],
    [".github\\hooks\\x.json", "the project's Copilot hooks"],
    ["HKCU:\\Software\\Policies\\ClaudeCode", "Claude Code's managed settings (registry policy)"],
    ["C:\\Users\\Ann Lee\\repo\\src\\index.ts", undefined],
    ["C:\\Users\\Ann Lee\\AppData\\Roaming\\Code\\settings.json", undefined],
  ])("%s is %s", (file, what) => {
    const path = resolvePath(file, places);
    expect(path && protectedAt(path, places, false)?.what).toBe(what);
  });
});

describe("protectedAt", () => {
  it.each<[string, boolean, string | undefined]>([
    ["/home/u/.config/hookrail/config.json", false, "hookrail's user config"],
    ["/home/u/.config/hookrail", false, "hookrail's user config"],
    ["/home/u/.config", false, undefined],
    ["/home/u/.config", true, "hookrail's user config"],
    ["/home/u/.local/state/hookrail/merge-gate/x.json", false, "hookrail's state"],
    ["/home/u/.cache/hookrail/v8/merge-gate-v22.bin", false, "hookrail's compiled hook cache"],
    ["/home/u/.cache/pip", true, undefined],
    [
      "/home/u/.local/share/hookrail/0.1.0/plugins/merge-gate/claude/hooks/merge-gate.cjs",
      false,
      "hookrail's installed hooks",
    ],
    ["/home/u/.local/share/hookrail/installs.json", false, "hookrail's installed hooks"],
    [
      "/home/u/repo/.claude/hookrail/plugins/merge-gate/claude/hooks/hooks.json",
      false,
      "hookrail's Claude Code marketplace",
    ],
    ["/home/u/repo/.gemini/hookrail/merge-gate/hooks/merge-gate.cjs", false, "hookrail's installed Gemini CLI hooks"],
    ["/home/u/.claude/settings.json", false, "Claude Code's hook settings"],
    ["/home/u/.claude/CLAUDE.md", false, undefined],
    ["/home/u/.claude/plans/p.md", false, undefined],
    ["/home/u/.claude/plugins/cache/x/hooks/hooks.json", false, "Claude Code's installed plugins"],
    ["/home/u/repo/.claude/settings.local.json", false, "Claude Code's hook settings"],
    ["/home/u/repo/.claude/commands/x.md", false, undefined],
    ["/home/u/repo/.claude", true, "Claude Code's hook settings"],
    ["/home/u/repo/.hookrail/config.json", false, undefined],
    ["/home/u/repo/.hookrail/hooks/merge-gate/merge-gate.cjs", false, "hookrail's guardrails in this project"],
    ["/home/u/repo/.hookrail/hooks", true, "hookrail's guardrails in this project"],
    // The whole folder (with the project's config): without the copies, their gates block every call they watch.
    ["/home/u/repo/.hookrail", true, undefined],
    ["/home/u/repo/.gemini/.hookrail/hooks/merge-gate/merge-gate.cjs", false, "hookrail's guardrails in this project"],
    ["/home/u/repo/.hookrail/notes.md", false, undefined],
    ["/home/u/.gemini/settings.json", false, "Gemini CLI's hook settings"],
    ["/home/u/.gemini/extensions/extension-enablement.json", false, "Gemini CLI's extensions"],
    ["/home/u/.gemini/tmp/project/plans/p.md", false, undefined],
    ["/home/u/.codex/hooks.json", false, "Codex's hook registrations"],
    ["/home/u/.codex/config.toml", false, "Codex's config and hook trust"],
    ["/home/u/.codex/sessions/x.jsonl", false, undefined],
    ["/srv/other/.codex/hooks.json", false, "Codex's hook registrations"],
    ["/home/u/.copilot/hooks/h.json", false, "Copilot CLI's hooks"],
    ["/home/u/.qwen/extensions/merge-gate/hooks/hooks.json", false, "Qwen Code's extensions"],
    ["/home/u/.factory/hooks.json", false, "Factory Droid's hooks"],
    ["/home/u/repo/.factory/settings.json", false, "Factory Droid's settings and hooks"],
    ["/home/u/.factory/sessions/p/s.jsonl", false, undefined],
    ["/home/u/.qwen/projects/p/chats/s.jsonl", false, undefined],
    ["/home/u/repo/.qwen", true, "Qwen Code's hook settings"],
    ["/home/u/repo/.github/hooks/h.json", false, "the project's Copilot hooks"],
    ["/home/u/repo/.github/workflows/ci.yml", false, undefined],
    ["/home/u/repo/.git/hooks/pre-push", false, "the repository's pre-push hook"],
    ["/home/u/repo/.git/hooks/pre-commit", false, undefined],
    ["/home/u/repo/node_modules/.cache", true, undefined],
    ["/home/u/repo/.git", true, undefined],
    ["/home/u", true, "hookrail's user config"],
    ["/", true, "hookrail's user config"],
    ["/etc/claude-code/managed-settings.json", false, "Claude Code's managed settings"],
    ["/home/u/.config/opencode/plugins/hookrail-merge-gate.js", false, "OpenCode's plugins"],
    ["/home/u/.config/opencode/opencode.json", false, undefined],
    ["/home/u/repo/.opencode/plugins/hookrail-merge-gate/merge-gate.cjs", false, "the project's OpenCode plugins"],
    ["/home/u/repo/.opencode/plans/p.md", false, undefined],
    ["/home/u/.config/kilo/plugins/hookrail-merge-gate.js", false, "Kilo Code CLI's plugins"],
    ["/home/u/repo/.kilo/plugins/hookrail-merge-gate.js", false, "the project's Kilo Code CLI plugins"],
    ["/home/u/.pi/agent/extensions/hookrail-merge-gate/index.js", false, "Pi's extensions"],
    ["/home/u/.pi/agent/settings.json", false, "Pi's settings and extension lists"],
    ["/home/u/repo/.pi/extensions/hookrail-merge-gate/index.js", false, "the project's Pi extensions"],
    ["/home/u/.kimi-code/config.toml", false, "Kimi Code's config, which holds its hooks"],
    ["/home/u/.kimi-code/hookrail/merge-gate/merge-gate.cjs", false, "hookrail's installed Kimi Code hooks"],
    ["/home/u/.kimi-code/plugins/installed.json", false, "Kimi Code's plugins, which can hold hooks"],
    ["/home/u/.kimi-code/sessions/wd/s/wire.jsonl", false, undefined],
    ["/home/u/.openclaw/extensions/hookrail-merge-gate/index.js", false, "OpenClaw's plugins"],
    ["/home/u/.openclaw/openclaw.json", false, "OpenClaw's config and the plugins it enables"],
    ["/home/u/repo/.openclaw/extensions/hookrail-merge-gate/index.js", false, "OpenClaw's plugins"],
    ["/home/u/.openclaw/workspace/notes.md", false, undefined],
  ])("%s (ancestors %s) → %s", (path, ancestors, what) => {
    expect(protectedAt(path, paths, ancestors)?.what).toBe(what);
  });
});

describe("resolvePath", () => {
  it.each<[string, string | undefined]>([
    ["~/.codex/hooks.json", "/home/u/.codex/hooks.json"],
    ["$HOME/.codex/hooks.json", "/home/u/.codex/hooks.json"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
    ["${HOME}/.codex/", "/home/u/.codex"],
    [".claude/../.claude/./settings.json", "/home/u/repo/.claude/settings.json"],
    ["../../u/.gemini/settings.json", "/home/u/.gemini/settings.json"],
    ["$UNKNOWN/x", undefined],
    ["$(pwd)/x", undefined],
  ])("%s → %s", (text, expected) => {
    expect(resolvePath(text, paths)).toBe(expected);
  });
});

describe("the machine's places follow the environment", () => {
  it.each([
    [{ HOME: "/h", CODEX_HOME: "/opt/cx" }, "/opt/cx/hooks.json", "Codex's hook registrations"],
    [{ HOME: "/h", CLAUDE_CONFIG_DIR: "/cfg/claude" }, "/cfg/claude/settings.json", "Claude Code's hook settings"],
    [{ HOME: "/h", GEMINI_CLI_HOME: "/g" }, "/g/.gemini/extensions/x", "Gemini CLI's extensions"],
    [{ HOME: "/h", COPILOT_HOME: "/cp" }, "/cp/hooks/x.json", "Copilot CLI's hooks"],
    [{ HOME: "/h", HOOKRAIL_CONFIG: "/etc/hr.json" }, "/etc/hr.json", "hookrail's user config"],
    [{ HOME: "/h", XDG_CONFIG_HOME: "/x/cfg" }, "/x/cfg/hookrail/config.json", "hookrail's user config"],
    [{ HOME: "/h", HOOKRAIL_STATE_DIR: "/st" }, "/st/a/b.json", "hookrail's state"],
    [{ HOME: "/h", XDG_CACHE_HOME: "/xc" }, "/xc/hookrail/v8/m.bin", "hookrail's compiled hook cache"],
    [{ HOME: "/h", HOOKRAIL_CACHE_DIR: "/v8" }, "/v8/m.bin", "hookrail's compiled hook cache"],
    [{ HOME: "/h", XDG_DATA_HOME: "/d" }, "/d/hookrail/installs.json", "hookrail's installed hooks"],
  ])("%j protects %s", (environment, path, what) => {
    expect(protectedAt(path, protectedPaths(environment, "/w"), false)?.what).toBe(what);
  });

  it.each([
    { HOME: "/h" },
    { HOME: "/h", XDG_CONFIG_HOME: "/x", XDG_STATE_HOME: "/s" },
    { HOME: "/h", HOOKRAIL_CONFIG: "/c.json", HOOKRAIL_STATE_DIR: "/st" },
  ])("covers the files hookrail itself reads and writes: %j", (environment) => {
    const places = protectedPaths(environment, "/w");
    const config = userConfigPath(environment);
    const state = stateDirectory(environment);
    expect(config).toMatch(/\.json$/);
    expect(state).toMatch(/^\//);
    expect(protectedAt(config ?? "", places, false)?.what).toBe("hookrail's user config");
    expect(protectedAt(join(state ?? "", "ns", "k.json"), places, false)?.what).toBe("hookrail's state");
  });
});

describe("file tools", () => {
  it("resolves ~, relative paths and symlinked folders before matching", () => {
    const home = tempDir();
    const repo = join(home, "repo");
    mkdirSync(join(home, "dotfiles", "codex"), { recursive: true });
    mkdirSync(repo);
    symlinkSync(join(home, "dotfiles", "codex"), join(home, ".codex"));
    const places = withRealPaths(protectedPaths({ HOME: home }, repo));
    const deny = (file: string) => fileWriteDecision(fileToolTargets([file], places), places).type;
    expect(deny("~/.codex/hooks.json")).toBe("deny");
    expect(deny("../.codex/config.toml")).toBe("deny");
    // The folder the symlink leads to is protected too.
    expect(deny(join(home, "dotfiles", "codex", "hooks.json"))).toBe("deny");
    expect(deny(".hookrail/config.json")).toBe("allow");
    expect(deny("src/a.ts")).toBe("allow");
  });

  it("catches a file-level symlink (stow-style dotfiles) and writes through a link", () => {
    const home = tempDir();
    mkdirSync(join(home, "dotfiles"));
    mkdirSync(join(home, ".claude"));
    writeFileSync(join(home, "dotfiles", "claude-settings.json"), "{}");
    symlinkSync(join(home, "dotfiles", "claude-settings.json"), join(home, ".claude", "settings.json"));
    symlinkSync(join(home, ".claude"), join(home, "link"));
    const places = withRealPaths(protectedPaths({ HOME: home }, home));
    const decide = (file: string) => fileWriteDecision(fileToolTargets([file], places), places).type;
    expect(decide(join(home, "dotfiles", "claude-settings.json"))).toBe("deny");
    expect(decide("link/settings.json")).toBe("deny");
    expect(decide(join(home, "dotfiles", "other.json"))).toBe("allow");
  });

  it("says what is protected and that the user makes the change", () => {
    const decision = fileWriteDecision(["/home/u/.codex/hooks.json"], paths);
    expect(decision.type === "deny" && decision.reason).toMatchInlineSnapshot(`
      "merge-gate: blocked. Writing /home/u/.codex/hooks.json would change Codex's hook registrations.
      These files and commands decide whether hookrail's gates run (hook registrations, installed hooks, hookrail's user config and state), so only the user changes them: do not retry or work around this. Ask the user to make this change themselves (a file edit cannot carry the approval marker). To loosen hookrail's settings, the user edits their own config (~/.config/hookrail/config.json); the project's .hookrail/config.json can only add protection"
    `);
  });
});
