// Where Antigravity CLI keeps what decides whether hooks run (plain data; the merge gate protects it).
import type { CliPlaces } from "@hookrail/core/cli-places";

/** The product's name, for every message that names the CLI. */
export const antigravityTitle = "Antigravity CLI";

// Antigravity CLI keeps its customizations under ~/.gemini whatever GEMINI_CLI_HOME says.
export const antigravityPlaces: CliPlaces = {
  title: antigravityTitle,
  lacks: {
    "tool-note":
      "Antigravity CLI gives a hook no way to tell the model something beside a tool call (PreToolUse's reason reaches it only on a deny, PostToolUse's answer is ignored)",
    "plan-approval": "Antigravity CLI has no hook at a plan's approval (its plan is an artifact it reviews itself)",
  },
  protected: [
    { path: "~/.gemini/config/hooks.json", what: "Antigravity CLI's hook registrations" },
    { path: "~/.gemini/config/hookrail/**", what: "hookrail's installed Antigravity CLI hooks" },
    { path: "~/.gemini/antigravity-cli/hooks.json", what: "Antigravity CLI's hook registrations" },
    { path: "~/.gemini/antigravity-cli/settings.json", what: "Antigravity CLI's settings and hooks" },
    { path: "**/.agents/hooks.json", what: "the project's Antigravity CLI hooks" },
    { path: "**/.agents/hookrail/**", what: "hookrail's installed Antigravity CLI hooks" },
  ],
  ownFolders: [".gemini", ".agents"],
};
