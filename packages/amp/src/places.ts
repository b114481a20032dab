// Where Amp keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const ampTitle = "Amp";

// Amp loads every plugin in its two plugin folders (a .ts or .js file, or a folder's index.ts or index.js) at start,
// and its settings hold the permission rules (`amp.permissions`, delegating to a program) and guarded files.
export const ampPlaces: CliPlaces = {
  title: ampTitle,
  lacks: {
    "plan-approval": "Amp has no plan mode (no plan tool, no plan to approve)",
  },
  protected: [
    { path: "{$XDG_CONFIG_HOME,~/.config}/amp/plugins/**", what: "Amp's plugins" },
    { path: "{$XDG_CONFIG_HOME,~/.config}/amp/settings.json", what: "Amp's settings and permission rules" },
    { path: "$AMP_SETTINGS_FILE", what: "Amp's settings file named by AMP_SETTINGS_FILE" },
    { path: "**/.amp/plugins/**", what: "the project's Amp plugins" },
    { path: "**/.amp/settings.json", what: "the project's Amp settings and permission rules" },
  ],
  ownFolders: [".amp"],
  // `amp plugins remove|rm <file>` deletes a plugin from either folder.
  hooksOff: { commands: ["amp"], plugins: "an Amp plugin" },
};
