// Where OpenCode keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

// OpenCode loads every plugin in these folders at start.
export const opencodePlaces: CliPlaces = {
  title: "OpenCode",
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/opencode/plugins/**", what: "OpenCode's plugins" },
    { path: "**/.opencode/plugins/**", what: "the project's OpenCode plugins" },
  ],
  ownFolders: [".opencode"],
};
