// Where Kilo Code CLI keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

// Kilo Code CLI loads every plugin in these folders at start.
export const kiloPlaces: CliPlaces = {
  title: "Kilo Code CLI",
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/kilo/plugins/**", what: "Kilo Code CLI's plugins" },
    { path: "~/.kilocode/plugins/**", what: "Kilo Code CLI's plugins" },
    { path: "**/.kilo/plugins/**", what: "the project's Kilo Code CLI plugins" },
  ],
  ownFolders: [".kilo", ".kilocode"],
};
