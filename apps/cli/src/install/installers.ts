// Every CLI hookrail installs into, by `--cli` name. A new CLI is one new installer file and one line here.

import type { CliInstaller } from "@hookrail/install-kit";
import { UsageError, unknownName } from "../registry.ts";
import { antigravityInstaller } from "./antigravity.ts";
import { claudeInstaller } from "./claude.ts";
import { codexInstaller } from "./codex.ts";
import { copilotInstaller } from "./copilot.ts";
import { cursorInstaller } from "./cursor.ts";
import { droidInstaller } from "./droid.ts";
import { geminiInstaller } from "./gemini.ts";
import { kiloInstaller } from "./kilo.ts";
import { opencodeInstaller } from "./opencode.ts";
import { piInstaller } from "./pi.ts";
import { qwenInstaller } from "./qwen.ts";

export const installers: Record<string, CliInstaller> = {
  claude: claudeInstaller,
  gemini: geminiInstaller,
  codex: codexInstaller,
  copilot: copilotInstaller,
  cursor: cursorInstaller,
  antigravity: antigravityInstaller,
  qwen: qwenInstaller,
  droid: droidInstaller,
  opencode: opencodeInstaller,
  kilo: kiloInstaller,
  pi: piInstaller,
};

/** The installers `--cli` names: one, several (`--cli gemini --cli codex`), or every one for "all". */
export function findInstallers(names: string | readonly string[] | undefined): CliInstaller[] {
  const list = typeof names === "string" || names === undefined ? [names] : names;
  if (list.includes("all")) {
    if (list.length > 1) throw new UsageError("--cli all already names every CLI: give it alone");
    return Object.values(installers);
  }
  return [...new Set(list.map(findInstaller))];
}

function findInstaller(name: string | undefined): CliInstaller {
  const found = name && Object.hasOwn(installers, name) ? installers[name] : undefined;
  if (!found) throw unknownName("CLI", name, [...Object.keys(installers), "all"]);
  return found;
}
