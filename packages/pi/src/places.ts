// Where Pi keeps what decides whether hookrail's extension runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const piTitle = "Pi";

// Pi loads every extension in its extensions folders at start, and the ones its settings list.
export const piPlaces: CliPlaces = {
  title: piTitle,
  lacks: {
    "plan-approval": "Pi has no plan mode",
  },
  protected: [
    { path: "{$PI_CODING_AGENT_DIR,~/.pi/agent}/extensions/**", what: "Pi's extensions" },
    { path: "{$PI_CODING_AGENT_DIR,~/.pi/agent}/settings.json", what: "Pi's settings and extension lists" },
    { path: "**/.pi/extensions/**", what: "the project's Pi extensions" },
    { path: "**/.pi/settings.json", what: "the project's Pi settings and extension lists" },
  ],
  ownFolders: [".pi"],
};
