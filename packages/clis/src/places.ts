// What each supported CLI's package says about where it keeps what decides whether hooks run: data only, so a
// hook bundle (the merge gate's) may import it without any adapter. Adding a CLI: its places here, beside its
// line in clis.ts (a test holds the two lists equal).
import { ampPlaces } from "@hookrail/amp/places";
import { antigravityPlaces } from "@hookrail/antigravity/places";
import { auggiePlaces, auggiePlans } from "@hookrail/auggie/places";
import { claudePlaces, claudePlans, claudeSettingsLayers } from "@hookrail/claude/places";
import { clinePlaces } from "@hookrail/cline/places";
import { codexPlaces, codexPlans } from "@hookrail/codex/places";
import { copilotPlaces, copilotPlans } from "@hookrail/copilot/places";
import type { CliName } from "@hookrail/core";
import type { CliPlaces, CliPlans } from "@hookrail/core/cli-places";
import { cursorPlaces } from "@hookrail/cursor/places";
import { droidPlaces, droidPlans } from "@hookrail/droid/places";
import { geminiPlaces, geminiPlans } from "@hookrail/gemini/places";
import { kiloPlaces, kiloPlans } from "@hookrail/kilo/places";
import { kimiPlaces, kimiPlans } from "@hookrail/kimi/places";
import { openclawPlaces } from "@hookrail/openclaw/places";
import { opencodePlaces, opencodePlans } from "@hookrail/opencode/places";
import { piPlaces } from "@hookrail/pi/places";
import { qwenPlaces, qwenPlans } from "@hookrail/qwen/places";

export const PLACES: Readonly<Record<CliName, CliPlaces>> = {
  claude: claudePlaces,
  gemini: geminiPlaces,
  codex: codexPlaces,
  copilot: copilotPlaces,
  qwen: qwenPlaces,
  cline: clinePlaces,
  droid: droidPlaces,
  cursor: cursorPlaces,
  antigravity: antigravityPlaces,
  opencode: opencodePlaces,
  kilo: kiloPlaces,
  pi: piPlaces,
  kimi: kimiPlaces,
  amp: ampPlaces,
  openclaw: openclawPlaces,
  auggie: auggiePlaces,
};

/** Every supported CLI's places, with its name. */
export const allPlaces = (): [CliName, CliPlaces][] => Object.entries(PLACES) as [CliName, CliPlaces][];

/** A CLI's product name ("Claude Code"), or the name itself for one hookrail does not know. */
export const cliTitle = (name: string): string => (Object.hasOwn(PLACES, name) ? PLACES[name as CliName].title : name);

/**
 * Each CLI's plans (its places' `plans`), apart so that a bundle reading only these (plan-export's) takes no other
 * place. A CLI without them has no plan mode plan-export can follow.
 */
export const PLANS: Readonly<Partial<Record<CliName, CliPlans>>> = {
  claude: claudePlans,
  gemini: geminiPlans,
  codex: codexPlans,
  copilot: copilotPlans,
  qwen: qwenPlans,
  droid: droidPlans,
  opencode: opencodePlans,
  kilo: kiloPlans,
  kimi: kimiPlans,
  auggie: auggiePlans,
};

/** Claude Code's settings files by layer, which the CLIs with `claudeSettingsHooks` read for hooks too. */
export const CLAUDE_SETTINGS_LAYERS = claudeSettingsLayers;
