// The CLIs hookrail supports: the one list that the command, the build and the tests read.
// Adding a CLI: its adapter package, its name in core's CLI_NAMES, one line here (docs/development.md).
import { claudeAdapter, claudePackaging } from "@hookrail/claude";
import { codexAdapter, codexPackaging } from "@hookrail/codex";
import { copilotAdapter, copilotPackaging } from "@hookrail/copilot";
import { type Adapter, CLI_NAMES, type CliName, type CliPackaging } from "@hookrail/core";
import { droidAdapter, droidPackaging } from "@hookrail/droid";
import { geminiAdapter, geminiPackaging } from "@hookrail/gemini";
import { qwenAdapter, qwenPackaging } from "@hookrail/qwen";

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
  qwen: { name: "qwen", title: "Qwen Code", adapter: qwenAdapter, packaging: qwenPackaging },
  droid: { name: "droid", title: "Factory Droid", adapter: droidAdapter, packaging: droidPackaging },
};

/** Every supported CLI, in CLI_NAMES order. */
export const supportedClis = (): SupportedCli[] => CLI_NAMES.map((name) => CLIS[name]);
