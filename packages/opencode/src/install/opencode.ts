// OpenCode (1.18.33): hookrail's plugin hookrail-<g>.js, a gate's guard hookrail-<g>.guard.js and the bundle's
// folder hookrail-<g>/ in a plugins folder OpenCode loads at start, without asking: user scope
// $XDG_CONFIG_HOME/opencode/plugins (default ~/.config/opencode/plugins), project scope <project>/.opencode/plugins
// (commit it). OpenCode scans only the top of the folder, so it never takes the bundle for a plugin. Kilo Code CLI
// is the same with its own names (install-kit's openCodeApiInstaller).
import { openCodeApiInstaller } from "@hookrail/install-kit";

export const opencodeInstaller = openCodeApiInstaller("opencode", "OpenCode", "OpenCode");
