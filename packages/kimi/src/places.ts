// Where Kimi Code keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

// Where the variable says, and the default folder (both protected).
const HOME = "{$KIMI_CODE_HOME,~/.kimi-code}";

/** The product's name, for every message that names the CLI. */
export const kimiTitle = "Kimi Code";

/** How Kimi Code's plan mode reaches hooks (plan-export reads it): the plan is in ExitPlanMode's result. */
export const kimiPlans: CliPlans = { route: "plan-tool-result" };

export const kimiPlaces: CliPlaces = {
  title: kimiTitle,
  lacks: {
    "tool-note":
      "Kimi Code gives a hook no way to tell the model something beside a tool call (PreToolUse's reason reaches it only on a deny, PostToolUse's output is dropped; only a prompt's hook output reaches the model)",
  },
  protected: [
    { path: `${HOME}/config.toml`, what: "Kimi Code's config, which holds its hooks" },
    { path: `${HOME}/plugins/**`, what: "Kimi Code's plugins, which can hold hooks" },
    { path: `${HOME}/hookrail/**`, what: "hookrail's installed Kimi Code hooks" },
  ],
  // A project's .kimi-code runs no hooks (measured), but moving ~/.kimi-code removes them.
  ownFolders: [".kimi-code"],
  settingsFiles: [
    {
      // ~/.kimi-code (a $KIMI_CODE_HOME elsewhere stays blocked whole: its name tells nothing).
      path: /\/\.kimi-code\/config\.toml$/,
      // The hook entries; providers, models and the rest are everyday settings. One invalid [[hooks]] entry switches
      // every hook off, so the whole section is the user's.
      keys: ["hooks"],
      format: "toml",
    },
  ],
  // Kimi installs and removes plugins only from its terminal UI and web server: no subcommand turns hooks off.
  plans: kimiPlans,
};
