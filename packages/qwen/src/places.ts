// Where Qwen Code keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const qwenTitle = "Qwen Code";

/** How Qwen Code's plan mode reaches hooks (plan-export reads it): the plan is in exit_plan_mode's input. */
export const qwenPlans: CliPlans = { route: "plan-tool-dialog" };

export const qwenPlaces: CliPlaces = {
  title: qwenTitle,
  protected: [
    { path: "{$QWEN_HOME,~/.qwen}/settings.json", what: "Qwen Code's hook settings" },
    { path: "{$QWEN_HOME,~/.qwen}/extensions/**", what: "Qwen Code's extensions" },
    { path: "{$QWEN_HOME,~/.qwen}/trustedFolders.json", what: "Qwen Code's trusted folders" },
    { path: "~/.qwen/hookrail/**", what: "hookrail's installed Qwen Code hooks" },
    { path: "$QWEN_CODE_TRUSTED_FOLDERS_PATH", what: "Qwen Code's trusted folders" },
    { path: "$QWEN_CODE_SYSTEM_SETTINGS_PATH", what: "Qwen Code's system settings" },
    { path: "$QWEN_CODE_SYSTEM_DEFAULTS_PATH", what: "Qwen Code's system settings" },
    { path: "/etc/qwen-code/**", what: "Qwen Code's system settings" },
    { path: "/Library/Application Support/QwenCode/**", what: "Qwen Code's system settings" },
  ],
  ownFolders: [".qwen"],
  settingsFiles: [
    {
      // User (~/.qwen, $QWEN_HOME) and project settings; the system files under /etc/qwen-code stay blocked whole.
      path: /\/\.qwen\/settings\.json$/,
      // Gemini's keys (Qwen Code is its fork) and its own off switch; `tools.*` and `permissions` are its permissions.
      keys: ["hooks", "hooksConfig", "disableAllHooks", "extensions", "security", "tools.enableHooks", "env"],
    },
  ],
  hooksOff: { commands: ["qwen"], extensions: "a Qwen Code extension" },
  plans: qwenPlans,
};
