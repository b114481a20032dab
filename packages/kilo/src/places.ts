// Where Kilo Code CLI keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const kiloTitle = "Kilo Code CLI";

// Kilo Code CLI loads every plugin in these folders at start (`plugins/` and `plugin/`, as OpenCode does).
/** Where Kilo's plan agent writes plans, and how its plan mode reaches hooks (plan-export reads it). */
export const kiloPlans: CliPlans = {
  route: "plan-agent",
  // Kilo's plan agent may also write OpenCode's folder, plans/ and .plans/.
  folders: ["./.kilo/plans", "./.opencode/plans", "./plans", "./.plans", "{$XDG_DATA_HOME,~/.local/share}/kilo/plans"],
};

export const kiloPlaces: CliPlaces = {
  title: kiloTitle,
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/kilo/plugins/**", what: "Kilo Code CLI's plugins" },
    { path: "{$XDG_CONFIG_HOME,~/.config}/kilo/plugin/**", what: "Kilo Code CLI's plugins" },
    { path: "~/.kilocode/plugins/**", what: "Kilo Code CLI's plugins" },
    { path: "~/.kilocode/plugin/**", what: "Kilo Code CLI's plugins" },
    { path: "**/.kilo/plugins/**", what: "the project's Kilo Code CLI plugins" },
    { path: "**/.kilo/plugin/**", what: "the project's Kilo Code CLI plugins" },
  ],
  ownFolders: [".kilo", ".kilocode"],
  plans: kiloPlans,
};
