// Where Factory Droid keeps what decides whether hooks run (plain data; the merge gate protects it).
import { CLAUDE_STYLE_SETTINGS_KEYS, type CliPlaces, type CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const droidTitle = "Factory Droid";

/** How Factory Droid's spec mode reaches hooks (plan-export reads it): the plan is in ExitSpecMode's input. */
export const droidPlans: CliPlans = { route: "plan-tool-call" };

export const droidPlaces: CliPlaces = {
  title: droidTitle,
  protected: [
    { path: "{$FACTORY_HOME_OVERRIDE,~}/.factory/hooks.json", what: "Factory Droid's hooks" },
    { path: "{$FACTORY_HOME_OVERRIDE,~}/.factory/settings.json", what: "Factory Droid's settings and hooks" },
    { path: "{$FACTORY_HOME_OVERRIDE,~}/.factory/settings.local.json", what: "Factory Droid's settings and hooks" },
    { path: "{$FACTORY_HOME_OVERRIDE,~}/.factory/plugins/**", what: "Factory Droid's installed plugins" },
    { path: "{$FACTORY_HOME_OVERRIDE,~}/.factory/hookrail/**", what: "hookrail's installed Factory Droid hooks" },
    { path: "$FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH", what: "Factory Droid's organization settings" },
    { path: "/etc/factory/**", what: "Factory Droid's organization settings" },
    { path: "/Library/Application Support/Factory/**", what: "Factory Droid's organization settings" },
  ],
  ownFolders: [".factory"],
  settingsFiles: [
    {
      // ~/.factory ($FACTORY_HOME_OVERRIDE) and a project's settings; hooks.json and the organization's stay blocked.
      path: /\/\.factory\/settings(?:\.local)?\.json$/,
      // Its hooks, Claude Code's plugin keys, which it writes there, and its off switch; `commandAllowlist` and
      // `commandDenylist` are its permissions.
      keys: [CLAUDE_STYLE_SETTINGS_KEYS, "hooksDisabled"],
    },
  ],
  hooksOff: { commands: ["droid"], plugins: "a Factory Droid plugin" },
  plans: droidPlans,
};
