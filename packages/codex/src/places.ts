// Where Codex keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const codexTitle = "Codex";

/** How Codex's plan mode reaches hooks (plan-export reads it): the plan is in the turn's answer. */
export const codexPlans: CliPlans = { route: "plan-in-answer" };

export const codexPlaces: CliPlaces = {
  title: codexTitle,
  protected: [
    { path: "{$CODEX_HOME,~/.codex}/hooks.json", what: "Codex's hook registrations" },
    { path: "{$CODEX_HOME,~/.codex}/config.toml", what: "Codex's config and hook trust" },
    { path: "{$CODEX_HOME,~/.codex}/hookrail/**", what: "hookrail's installed Codex hooks" },
    { path: "/etc/codex/**", what: "Codex's system config" },
    { path: "$ProgramData/OpenAI/Codex/**", what: "Codex's system config" },
  ],
  ownFolders: [".codex"],
  settingsFiles: [
    {
      // ~/.codex and a project's .codex (a $CODEX_HOME elsewhere stays blocked whole: its name tells nothing).
      path: /\/\.codex\/config\.toml$/,
      // Hook tables and their trust (`[hooks.state]`), the hooks feature switch, project trust (a project's hooks
      // load only when it is trusted), profiles (which may switch features) and `notify`, a command Codex runs by
      // itself. `approval_policy`, `sandbox_mode`, `model`… are everyday settings.
      keys: ["hooks", "features", "projects", "profiles", "profile", "notify", "allow_managed_hooks_only"],
      format: "toml",
    },
  ],
  hooksOff: {
    commands: ["codex"],
    subcommands: [{ words: ["features", "disable"], operand: "hooks", what: "turns Codex hooks off" }],
  },
  typesIntoSessions: true,
  plans: codexPlans,
};
