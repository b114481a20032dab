// Where Cline keeps what decides whether hooks run (measured on 3.0.65, docs/cli-differences.md#cline): hook
// files named after their event, found in all four folders below (a project's need no trust) and run by their
// shebang or extension, with no execute bit needed. No setting switches hooks off, and the CLI has no command
// that removes them (`--hooks-dir` is ignored by 3.0.65). Removing a project's `.cline` or `.clinerules` folder
// removes the hooks in it.
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const clineTitle = "Cline";

export const clinePlaces: CliPlaces = {
  title: clineTitle,
  lacks: {
    "session-start-note":
      "Cline runs no hook before the model's first request (TaskStart runs detached and its answer is dropped)",
    "plan-approval":
      "Cline's plan mode has no plan tool (the plan is only the model's reply, and no hook sees it approved)",
  },
  protected: [
    { path: "{$CLINE_DIR,~/.cline}/hooks/**", what: "Cline's hooks" },
    { path: "~/Documents/Cline/Hooks/**", what: "Cline's user hooks" },
    { path: "**/.cline/hooks/**", what: "a project's Cline hooks" },
    { path: "**/.clinerules/hooks/**", what: "a project's Cline hooks" },
  ],
  ownFolders: [".cline", ".clinerules"],
};
