// Where Gemini CLI keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const geminiTitle = "Gemini CLI";

/** Where Gemini CLI keeps plans, and how its plan mode reaches hooks (plan-export reads it). */
export const geminiPlans: CliPlans = {
  route: "plan-tool-names-file",
  projectEnv: "GEMINI_PROJECT_DIR",
  folders: [
    // This session's plans folder.
    "$GEMINI_PLANS_DIR",
    {
      setting: "general.plan.directory",
      files: ["./.gemini/settings.json", "{$GEMINI_CLI_HOME,~}/.gemini/settings.json"],
    },
  ],
  // The default plans folder, ~/.gemini/tmp/<project>/<session-id>/plans/, wherever the home is.
  planFiles: /[\\/]\.gemini[\\/]tmp[\\/][^\\/]+[\\/][^\\/]+[\\/]plans[\\/][^\\/]+\.md$/i,
};

export const geminiPlaces: CliPlaces = {
  title: geminiTitle,
  protected: [
    { path: "{$GEMINI_CLI_HOME,~}/.gemini/settings.json", what: "Gemini CLI's hook settings" },
    { path: "{$GEMINI_CLI_HOME,~}/.gemini/extensions/**", what: "Gemini CLI's extensions" },
    { path: "{$GEMINI_CLI_HOME,~}/.gemini/trustedFolders.json", what: "Gemini CLI's trusted folders" },
    { path: "~/.gemini/hookrail/**", what: "hookrail's installed Gemini CLI hooks" },
    { path: "$GEMINI_CLI_TRUSTED_FOLDERS_PATH", what: "Gemini CLI's trusted folders" },
    { path: "$GEMINI_CLI_SYSTEM_SETTINGS_PATH", what: "Gemini CLI's system settings" },
    { path: "$GEMINI_CLI_SYSTEM_DEFAULTS_PATH", what: "Gemini CLI's system settings" },
    { path: "/etc/gemini-cli/**", what: "Gemini CLI's system settings" },
    { path: "$ProgramData/gemini-cli/**", what: "Gemini CLI's system settings" },
    { path: "/Library/Application Support/GeminiCli/**", what: "Gemini CLI's system settings" },
  ],
  ownFolders: [".gemini"],
  settingsFiles: [
    {
      path: /\/\.gemini\/settings\.json$/,
      // hooksConfig (enabled, disabled), the extensions' enablement, folder trust (project hooks run only when
      // trusted); `tools.allowed` and the other tool settings are Gemini's permissions.
      keys: ["hooks", "hooksConfig", "extensions", "security", "tools.enableHooks"],
    },
  ],
  hooksOff: {
    commands: ["gemini"],
    extensions: "a Gemini CLI extension",
    subcommands: [{ words: ["hooks"], unless: ["list", "help"], what: "changes Gemini CLI's hooks" }],
  },
  plans: geminiPlans,
};
