// The CLIs hookrail supports: the one list that the command, the build and the tests read.
// Adding a CLI: its adapter package, its name in core's CLI_NAMES, one line here (docs/development.md).
import { claudeAdapter, claudePackaging } from "@hookrail/claude";
import { codexAdapter, codexPackaging } from "@hookrail/codex";
import { copilotAdapter, copilotPackaging } from "@hookrail/copilot";
import { type Adapter, CLI_NAMES, type CliName, type CliPackaging } from "@hookrail/core";
import { geminiAdapter, geminiPackaging } from "@hookrail/gemini";
import { kiloAdapter, kiloPackaging } from "@hookrail/kilo";
import { opencodeAdapter, opencodePackaging } from "@hookrail/opencode";
import { piAdapter, piPackaging } from "@hookrail/pi";

export interface SupportedCli {
  name: CliName;
  /** The product's name, for messages and docs. */
  title: string;
  adapter: Adapter;
  packaging: CliPackaging;
}

export const CLIS: Readonly<Record<CliName, SupportedCli>> = {
  claude: { name: "claude", title: "Claude Code", adapter: claudeAdapter, packaging: claudePackaging },
  gemini: { name: "gemini", title: "Gemini CLI", adapter: geminiAdapter, packaging: geminiPackaging },
  codex: { name: "codex", title: "Codex CLI", adapter: codexAdapter, packaging: codexPackaging },
  copilot: { name: "copilot", title: "Copilot CLI", adapter: copilotAdapter, packaging: copilotPackaging },
  opencode: { name: "opencode", title: "OpenCode", adapter: opencodeAdapter, packaging: opencodePackaging },
  kilo: { name: "kilo", title: "Kilo Code CLI", adapter: kiloAdapter, packaging: kiloPackaging },
  pi: { name: "pi", title: "Pi", adapter: piAdapter, packaging: piPackaging },
};

/** Every supported CLI, in CLI_NAMES order. */
export const supportedClis = (): SupportedCli[] => CLI_NAMES.map((name) => CLIS[name]);
