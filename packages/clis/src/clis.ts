// The CLIs hookrail supports: the one list that the command, the build and the tests read.
// Adding a CLI: its adapter package, its name in core's CLI_NAMES, one line here (docs/development.md).
import { antigravityAdapter, antigravityPackaging } from "@hookrail/antigravity";
import { claudeAdapter, claudePackaging } from "@hookrail/claude";
import { codexAdapter, codexPackaging } from "@hookrail/codex";
import { copilotAdapter, copilotPackaging } from "@hookrail/copilot";
import { type Adapter, CLI_NAMES, type CliName, type CliPackaging } from "@hookrail/core";
import { cursorAdapter, cursorPackaging } from "@hookrail/cursor";
import { droidAdapter, droidPackaging } from "@hookrail/droid";
import { geminiAdapter, geminiPackaging } from "@hookrail/gemini";
import { kiloAdapter, kiloPackaging } from "@hookrail/kilo";
import { opencodeAdapter, opencodePackaging } from "@hookrail/opencode";
import { piAdapter, piPackaging } from "@hookrail/pi";
import { qwenAdapter, qwenPackaging } from "@hookrail/qwen";

export interface SupportedCli {
  name: CliName;
  /** The product's name, for messages and docs. */
  title: string;
  adapter: Adapter;
  packaging: CliPackaging;
  /**
   * Set for a CLI hookrail could not run here (not installable from a registry): what it honours comes from its
   * documentation and others' captures. Every command that names the CLI shows DOCUMENTED_ONLY beside it.
   */
  documentedOnly?: true;
}

/** The label of a CLI built from its documentation, in the README, `hookrail list` and `hookrail doctor`. */
export const DOCUMENTED_ONLY = "built from the documentation; not yet run against the real binary here";

export const CLIS: Readonly<Record<CliName, SupportedCli>> = {
  claude: { name: "claude", title: "Claude Code", adapter: claudeAdapter, packaging: claudePackaging },
  gemini: { name: "gemini", title: "Gemini CLI", adapter: geminiAdapter, packaging: geminiPackaging },
  codex: { name: "codex", title: "Codex CLI", adapter: codexAdapter, packaging: codexPackaging },
  copilot: { name: "copilot", title: "Copilot CLI", adapter: copilotAdapter, packaging: copilotPackaging },
  qwen: { name: "qwen", title: "Qwen Code", adapter: qwenAdapter, packaging: qwenPackaging },
  droid: { name: "droid", title: "Factory Droid", adapter: droidAdapter, packaging: droidPackaging },
  cursor: { name: "cursor", title: "Cursor", adapter: cursorAdapter, packaging: cursorPackaging, documentedOnly: true },
  antigravity: {
    name: "antigravity",
    title: "Antigravity CLI",
    adapter: antigravityAdapter,
    packaging: antigravityPackaging,
    documentedOnly: true,
  },
  opencode: { name: "opencode", title: "OpenCode", adapter: opencodeAdapter, packaging: opencodePackaging },
  kilo: { name: "kilo", title: "Kilo Code CLI", adapter: kiloAdapter, packaging: kiloPackaging },
  pi: { name: "pi", title: "Pi", adapter: piAdapter, packaging: piPackaging },
};

/** Every supported CLI, in CLI_NAMES order. */
export const supportedClis = (): SupportedCli[] => CLI_NAMES.map((name) => CLIS[name]);

/** The label a command shows beside a CLI's name ("" for a CLI measured in its real binary). */
export const cliLabel = (name: string): string =>
  name in CLIS && CLIS[name as CliName].documentedOnly ? DOCUMENTED_ONLY : "";
