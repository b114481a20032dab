// Where OpenCode keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const opencodeTitle = "OpenCode";

// OpenCode loads every plugin in these folders at start (`plugins/` and `plugin/`, in both its plugin generations).
/** Where OpenCode's plan agent writes plans, and how its plan mode reaches hooks (plan-export reads it). */
export const opencodePlans: CliPlans = {
  route: "plan-agent",
  folders: ["./.opencode/plans", "{$XDG_DATA_HOME,~/.local/share}/opencode/plans"],
};

export const opencodePlaces: CliPlaces = {
  title: opencodeTitle,
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/opencode/plugins/**", what: "OpenCode's plugins" },
    { path: "{$XDG_CONFIG_HOME,~/.config}/opencode/plugin/**", what: "OpenCode's plugins" },
    { path: "**/.opencode/plugins/**", what: "the project's OpenCode plugins" },
    { path: "**/.opencode/plugin/**", what: "the project's OpenCode plugins" },
  ],
  ownFolders: [".opencode"],
  plans: opencodePlans,
};
