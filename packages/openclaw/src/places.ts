// Where OpenClaw keeps what decides whether hookrail's plugin runs (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const openclawTitle = "OpenClaw";

// OpenClaw (2026.9.6) loads a plugin of its state folder's extensions/ (default ~/.openclaw) that openclaw.json
// enables (`plugins.entries.<id>.enabled`), and switches plugins off from the same file (`plugins.enabled`,
// `plugins.allow`, `plugins.deny`, `plugins.load.paths`). $OPENCLAW_HOME moves the home folder, $OPENCLAW_STATE_DIR the
// state folder, $OPENCLAW_CONFIG_PATH the config file. A workspace's .openclaw/extensions is discovered too.
export const openclawPlaces: CliPlaces = {
  title: openclawTitle,
  lacks: {
    "session-start-note":
      "OpenClaw's plugins cannot tell the model anything at a session's start (session_start only observes, and the hooks that add to a prompt are closed to plugins not bundled with it)",
    "tool-note":
      "OpenClaw gives a plugin no way to tell the model something beside a tool call (before_tool_call's reason reaches it only on a block, after_tool_call only observes)",
    "plan-approval": "OpenClaw has no plan mode",
  },
  protected: [
    { path: "{$OPENCLAW_STATE_DIR,~/.openclaw}/extensions/**", what: "OpenClaw's plugins" },
    { path: "$OPENCLAW_HOME/.openclaw/extensions/**", what: "OpenClaw's plugins" },
    { path: "{$OPENCLAW_STATE_DIR,~/.openclaw}/openclaw.json", what: "OpenClaw's config and the plugins it enables" },
    { path: "$OPENCLAW_HOME/.openclaw/openclaw.json", what: "OpenClaw's config and the plugins it enables" },
    { path: "$OPENCLAW_CONFIG_PATH", what: "OpenClaw's config and the plugins it enables" },
    { path: "**/.openclaw/extensions/**", what: "the workspace's OpenClaw plugins" },
  ],
  ownFolders: [".openclaw"],
  hooksOff: {
    commands: ["openclaw"],
    plugins: "an OpenClaw plugin",
    // `openclaw config set|unset <key>` writes openclaw.json, where plugins are enabled and switched off.
    subcommands: [
      { words: ["config", "set"], what: "changes OpenClaw's config, which enables its plugins" },
      { words: ["config", "unset"], what: "changes OpenClaw's config, which enables its plugins" },
      { words: ["config", "patch"], what: "changes OpenClaw's config, which enables its plugins" },
    ],
  },
  // exec starts a command in the background (`background`, `yieldMs`) and `process` types into it later
  // (write, send-keys, paste): what is typed there is judged as a command line, and interactive sessions are refused.
  typesIntoSessions: true,
};
