// Where Claude Code keeps what decides whether hooks run (plain data; the merge gate protects it).
import { CLAUDE_STYLE_SETTINGS_KEYS, type CliPlaces, type CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const claudeTitle = "Claude Code";

/** Where Claude Code keeps plans, and how its plan mode reaches hooks (plan-export reads it). */
export const claudePlans: CliPlans = {
  route: "plan-tool-and-batch",
  projectEnv: "CLAUDE_PROJECT_DIR",
  folders: [
    // `plansDirectory`, relative to the project: a folder outside it is ignored by Claude Code too.
    {
      setting: "plansDirectory",
      files: [
        "./.claude/settings.local.json",
        "./.claude/settings.json",
        "{$CLAUDE_CONFIG_DIR,~/.claude}/settings.json",
      ],
    },
    "{$CLAUDE_CONFIG_DIR,~/.claude}/plans",
  ],
  clearContextContinues: true,
};

/**
 * Claude Code's settings files by layer, whose `hooks` other CLIs run too (their places' `claudeSettingsHooks`):
 * `~/` is the home, the others are in the project.
 */
export const claudeSettingsLayers = {
  user: "~/.claude/settings.json",
  project: ".claude/settings.json",
  local: ".claude/settings.local.json",
} as const;

export const claudePlaces: CliPlaces = {
  title: claudeTitle,
  protected: [
    { path: "{$CLAUDE_CONFIG_DIR,~/.claude}/settings.json", what: "Claude Code's hook settings" },
    { path: "{$CLAUDE_CONFIG_DIR,~/.claude}/settings.local.json", what: "Claude Code's hook settings" },
    { path: "{$CLAUDE_CONFIG_DIR,~/.claude}/plugins/**", what: "Claude Code's installed plugins" },
    { path: "~/.claude/hookrail/**", what: "hookrail's Claude Code marketplace" },
    { path: "/etc/claude-code/**", what: "Claude Code's managed settings" },
    { path: "$ProgramFiles/ClaudeCode/**", what: "Claude Code's managed settings" },
    // Older Claude Code versions read their managed settings here.
    { path: "$ProgramData/ClaudeCode/**", what: "Claude Code's managed settings" },
    { path: "/Library/Application Support/ClaudeCode/**", what: "Claude Code's managed settings" },
    // Windows: managed settings in the registry (HKLM and, read as well, the user's own HKCU).
    { path: "**/Software/Policies/ClaudeCode/**", what: "Claude Code's managed settings (registry policy)" },
  ],
  ownFolders: [".claude"],
  // $CLAUDE_CONFIG_DIR/settings.json: any folder, so only by its name next to Claude Code's own files.
  settingsFiles: [{ path: /\/\.claude\/settings(?:\.local)?\.json$/, keys: CLAUDE_STYLE_SETTINGS_KEYS }],
  hooksOff: { commands: ["claude"], plugins: "a Claude Code plugin" },
  plans: claudePlans,
  claudeSettingsHooks: { layers: ["user", "project", "local"] },
};
