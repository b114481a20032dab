// Every CLI hookrail installs into, by `--cli` name. A new CLI is one new installer file and one line here.
import { unknownName } from "../registry.ts";
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
import type { CliInstaller } from "./types.ts";

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

/** The installers `--cli` names: one, or every one for "all". */
export function findInstallers(name: string | undefined): CliInstaller[] {
  if (name === "all") return Object.values(installers);
  const found = name && Object.hasOwn(installers, name) ? installers[name] : undefined;
  if (!found) throw unknownName("CLI", name, [...Object.keys(installers), "all"]);
  return [found];
}
