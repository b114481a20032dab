// Where Copilot CLI keeps what decides whether hooks run (plain data; the merge gate protects it).
import { CLAUDE_STYLE_SETTINGS_KEYS, type CliPlaces, type CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const copilotTitle = "Copilot CLI";

/** Where Copilot CLI keeps plans, and how its plan mode reaches hooks (plan-export reads it). */
export const copilotPlans: CliPlans = {
  route: "session-plan-file",
  // Plan mode keeps plan.md in the session's own folder.
  folders: ["{$COPILOT_HOME,~/.copilot}/session-state/<session>"],
};

export const copilotPlaces: CliPlaces = {
  title: copilotTitle,
  protected: [
    { path: "{$COPILOT_HOME,~/.copilot}/hooks/**", what: "Copilot CLI's hooks" },
    { path: "{$COPILOT_HOME,~/.copilot}/settings.json", what: "Copilot CLI's settings and plugins" },
    { path: "{$COPILOT_HOME,~/.copilot}/settings.local.json", what: "Copilot CLI's settings and plugins" },
    { path: "{$COPILOT_HOME,~/.copilot}/config.json", what: "Copilot CLI's settings and plugins" },
    { path: "{$COPILOT_HOME,~/.copilot}/installed-plugins/**", what: "Copilot CLI's installed plugins" },
    { path: "**/.github/hooks/**", what: "the project's Copilot hooks" },
    { path: "**/.github/copilot/settings.json", what: "the project's Copilot settings" },
    { path: "**/.github/copilot/settings.local.json", what: "the project's Copilot settings" },
  ],
  ownFolders: [".copilot", ".github"],
  settingsFiles: [
    {
      path: /\/(?:\.copilot\/(?:settings|settings\.local|config)|\.github\/copilot\/settings(?:\.local)?)\.json$/,
      keys: [CLAUDE_STYLE_SETTINGS_KEYS, "installedPlugins", "trustedFolders"],
    },
  ],
  hooksOff: { commands: ["copilot"], plugins: "a Copilot CLI plugin" },
  typesIntoSessions: true,
  plans: copilotPlans,
  // Measured (docs/cli-differences.md#copilot-cli): the project's file, in a folder it trusts.
  claudeSettingsHooks: { layers: ["project"], when: "in a folder it trusts" },
};
