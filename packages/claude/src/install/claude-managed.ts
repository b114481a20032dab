// Claude Code's administrator layer: a drop-in of our own for each guardrail,
// /etc/claude-code/managed-settings.d/50-hookrail-<g>.json, whose hooks run the root-owned copy of the plugin.
import type { ManagedLayout } from "@hookrail/install-kit";

export const claudeManaged: ManagedLayout = {
  cli: "claude",
  file: (g) => `/etc/claude-code/managed-settings.d/50-hookrail-${g}.json`,
  format: "drop-in-json",
  shipped: { file: "hooks/hooks.json", folderText: () => ["$", "{CLAUDE_PLUGIN_ROOT}"].join("") },
};
