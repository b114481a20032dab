// Where Auggie keeps what decides whether hooks run (plain data; the merge gate protects it). Read from Auggie
// 0.36.0's shipped code: hooks come from /etc/augment/settings.json, ~/.augment/settings.json (the home directory,
// whatever --augment-cache-dir says), <workspace>/.augment/settings.local.json and settings.json, and the enabled
// plugins of its marketplaces; `featureFlagOverrides` in a settings file can switch its `enableHooks` flag off.
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const auggieTitle = "Auggie";

/**
 * Where Auggie's plan mode saves plans (its instructions name ~/.augment/plans/), and how it reaches hooks: read from
 * its shipped code, not run here (plan-export reads it).
 */
export const auggiePlans: CliPlans = { route: "plan-exit-choice", folders: ["~/.augment/plans"] };

export const auggiePlaces: CliPlaces = {
  title: auggieTitle,
  lacks: {
    "session-start-note":
      "Auggie drops what a SessionStart hook answers (it runs the hook and never reads its output into the model's context)",
  },
  protected: [
    { path: "~/.augment/settings.json", what: "Auggie's hook settings" },
    { path: "~/.augment/settings.local.json", what: "Auggie's hook settings" },
    { path: "~/.augment/plugins/**", what: "Auggie's plugins and marketplaces" },
    { path: "~/.augment/hookrail/**", what: "hookrail's installed Auggie hooks" },
    { path: "/etc/augment/**", what: "Auggie's system settings" },
    { path: "$ProgramData/augment/**", what: "Auggie's system settings" },
  ],
  ownFolders: [".augment"],
  settingsFiles: [
    {
      // The user's and a project's settings (settings.local.json too); the system file stays blocked whole.
      path: /\/\.augment\/settings(?:\.local)?\.json$/,
      // Its hooks, its plugins, the overrides that can turn its hooks flag off, and the script it runs before every
      // command; `toolPermissions`, `removedTools` and `mcpServers` are everyday work.
      keys: ["hooks", "enabledPlugins", "featureFlagOverrides", "startupScript"],
    },
  ],
  hooksOff: { commands: ["auggie"], plugins: "an Auggie plugin" },
  plans: auggiePlans,
};
