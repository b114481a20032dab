// Kilo Code CLI (7.7.x, an OpenCode fork with its plugin API): OpenCode's files and layout under Kilo's names, user
// scope $XDG_CONFIG_HOME/kilo/plugins (default ~/.config/kilo/plugins), project scope <project>/.kilo/plugins. Kilo
// does not read OpenCode's folders.
import { openCodeApiInstaller } from "@hookrail/install-kit";

export const kiloInstaller = openCodeApiInstaller("kilo", "Kilo Code CLI", "Kilo");
