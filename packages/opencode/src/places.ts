// Where OpenCode keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const opencodeTitle = "OpenCode";

// OpenCode loads every plugin in these folders at start (`plugins/` and `plugin/`, in both its plugin generations).
export const opencodePlaces: CliPlaces = {
  title: opencodeTitle,
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/opencode/plugins/**", what: "OpenCode's plugins" },
    { path: "{$XDG_CONFIG_HOME,~/.config}/opencode/plugin/**", what: "OpenCode's plugins" },
    { path: "**/.opencode/plugins/**", what: "the project's OpenCode plugins" },
    { path: "**/.opencode/plugin/**", what: "the project's OpenCode plugins" },
  ],
  ownFolders: [".opencode"],
};
