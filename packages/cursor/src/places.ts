// Where Cursor keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const cursorTitle = "Cursor";

export const cursorPlaces: CliPlaces = {
  title: cursorTitle,
  lacks: {
    "plan-approval":
      "Cursor has no hook at a plan's approval (Plan mode keeps the plan in its own editor until you Build)",
  },
  protected: [
    { path: "~/.cursor/hooks.json", what: "Cursor's hook registrations" },
    { path: "~/.cursor/hookrail/**", what: "hookrail's installed Cursor hooks" },
    { path: "/etc/cursor/**", what: "Cursor's enterprise hooks" },
    { path: "/Library/Application Support/Cursor/hooks.json", what: "Cursor's enterprise hooks" },
  ],
  ownFolders: [".cursor"],
  // Its documentation: all three, with its third-party configs setting on.
  claudeSettingsHooks: {
    layers: ["user", "project", "local"],
    when: 'with "Include third-party Plugins, Skills, and other configs" on',
  },
};
