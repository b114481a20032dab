// The CLIs hookrail supports: the one list that the command, the build and the tests read.
// Adding a CLI: its package (adapter, and its installer in src/install), its name in core's CLI_NAMES, one line
// here (docs/development.md).
import { ampAdapter, ampPackaging } from "@hookrail/amp";
import { ampInstaller } from "@hookrail/amp/install";
import { ampSamples } from "@hookrail/amp/samples";
import { antigravityAdapter, antigravityPackaging } from "@hookrail/antigravity";
import { antigravityInstaller } from "@hookrail/antigravity/install";
import { antigravitySamples } from "@hookrail/antigravity/samples";
import { auggieAdapter, auggiePackaging } from "@hookrail/auggie";
import { auggieInstaller } from "@hookrail/auggie/install";
import { auggieSamples } from "@hookrail/auggie/samples";
import { claudeAdapter, claudePackaging } from "@hookrail/claude";
import { claudeInstaller } from "@hookrail/claude/install";
import { claudeSamples } from "@hookrail/claude/samples";
import { clineAdapter, clinePackaging } from "@hookrail/cline";
import { clineInstaller } from "@hookrail/cline/install";
import { clineSamples } from "@hookrail/cline/samples";
import { codexAdapter, codexPackaging } from "@hookrail/codex";
import { codexInstaller } from "@hookrail/codex/install";
import { codexSamples } from "@hookrail/codex/samples";
import { copilotAdapter, copilotPackaging } from "@hookrail/copilot";
import { copilotInstaller } from "@hookrail/copilot/install";
import { copilotSamples } from "@hookrail/copilot/samples";
import { type Adapter, CLI_NAMES, type CliName, type CliPackaging, type CliPlaces } from "@hookrail/core";
import type { CliSamples } from "@hookrail/core/samples";
import { cursorAdapter, cursorPackaging } from "@hookrail/cursor";
import { cursorInstaller } from "@hookrail/cursor/install";
import { cursorSamples } from "@hookrail/cursor/samples";
import { droidAdapter, droidPackaging } from "@hookrail/droid";
import { droidInstaller } from "@hookrail/droid/install";
import { droidSamples } from "@hookrail/droid/samples";
import { geminiAdapter, geminiPackaging } from "@hookrail/gemini";
import { geminiInstaller } from "@hookrail/gemini/install";
import { geminiSamples } from "@hookrail/gemini/samples";
import type { CliInstaller } from "@hookrail/install-kit";
import { kiloAdapter, kiloPackaging } from "@hookrail/kilo";
import { kiloInstaller } from "@hookrail/kilo/install";
import { kiloSamples } from "@hookrail/kilo/samples";
import { kimiAdapter, kimiPackaging } from "@hookrail/kimi";
import { kimiInstaller } from "@hookrail/kimi/install";
import { kimiSamples } from "@hookrail/kimi/samples";
import { openclawAdapter, openclawPackaging } from "@hookrail/openclaw";
import { openclawInstaller } from "@hookrail/openclaw/install";
import { openclawSamples } from "@hookrail/openclaw/samples";
import { opencodeAdapter, opencodePackaging } from "@hookrail/opencode";
import { opencodeInstaller } from "@hookrail/opencode/install";
import { opencodeSamples } from "@hookrail/opencode/samples";
import { piAdapter, piPackaging } from "@hookrail/pi";
import { piInstaller } from "@hookrail/pi/install";
import { piSamples } from "@hookrail/pi/samples";
import { qwenAdapter, qwenPackaging } from "@hookrail/qwen";
import { qwenInstaller } from "@hookrail/qwen/install";
import { qwenSamples } from "@hookrail/qwen/samples";
import { PLACES } from "./places.ts";

export interface SupportedCli {
  name: CliName;
  /** The product's name, for messages and docs (from its places). */
  title: string;
  /** Where it keeps what decides whether hooks run (its package's places.ts). */
  places: CliPlaces;
  /** Payloads in the CLI's own shape, for `hookrail try` and `demo`. */
  samples: CliSamples;
  adapter: Adapter;
  packaging: CliPackaging;
  /** What `hookrail install` does for it, from its package's `./install` export. */
  installer: CliInstaller;
  /**
   * Set for a CLI hookrail could not run here (not installable from a registry): what it honours comes from its
   * documentation and others' captures. Every command that names the CLI shows DOCUMENTED_ONLY beside it.
   */
  documentedOnly?: true;
  /**
   * Set where the hooks hookrail installs are not handed MCP tool calls: what a guardrail watching them (the merge
   * gate) misses there, in one line `hookrail doctor` shows. docs/cli-differences.md, "MCP tools", has the details.
   */
  mcpUnseen?: string;
  /**
   * Set for a CLI measured in its real binary that has a part built from the documentation only (a newer generation
   * no registry serves here): that part, labelled, shown beside the CLI's name as DOCUMENTED_ONLY is for a whole CLI.
   */
  documentedPart?: string;
}

/** The label of a CLI built from its documentation, in the README, `hookrail list` and `hookrail doctor`. */
export const DOCUMENTED_ONLY = "built from the documentation; not yet run against the real binary here";

export const CLIS: Readonly<Record<CliName, SupportedCli>> = {
  claude: {
    name: "claude",
    title: PLACES.claude.title,
    places: PLACES.claude,
    samples: claudeSamples,
    adapter: claudeAdapter,
    packaging: claudePackaging,
    installer: claudeInstaller,
  },
  gemini: {
    name: "gemini",
    title: PLACES.gemini.title,
    places: PLACES.gemini,
    samples: geminiSamples,
    adapter: geminiAdapter,
    packaging: geminiPackaging,
    installer: geminiInstaller,
  },
  codex: {
    name: "codex",
    title: PLACES.codex.title,
    places: PLACES.codex,
    samples: codexSamples,
    adapter: codexAdapter,
    packaging: codexPackaging,
    installer: codexInstaller,
  },
  copilot: {
    name: "copilot",
    title: PLACES.copilot.title,
    places: PLACES.copilot,
    samples: copilotSamples,
    adapter: copilotAdapter,
    packaging: copilotPackaging,
    installer: copilotInstaller,
  },
  qwen: {
    name: "qwen",
    title: PLACES.qwen.title,
    places: PLACES.qwen,
    samples: qwenSamples,
    adapter: qwenAdapter,
    packaging: qwenPackaging,
    installer: qwenInstaller,
  },
  cline: {
    name: "cline",
    title: PLACES.cline.title,
    places: PLACES.cline,
    samples: clineSamples,
    adapter: clineAdapter,
    installer: clineInstaller,
    packaging: clinePackaging,
  },
  droid: {
    name: "droid",
    title: PLACES.droid.title,
    places: PLACES.droid,
    samples: droidSamples,
    adapter: droidAdapter,
    packaging: droidPackaging,
    installer: droidInstaller,
  },
  cursor: {
    name: "cursor",
    title: PLACES.cursor.title,
    places: PLACES.cursor,
    samples: cursorSamples,
    adapter: cursorAdapter,
    packaging: cursorPackaging,
    installer: cursorInstaller,
    documentedOnly: true,
  },
  antigravity: {
    name: "antigravity",
    title: PLACES.antigravity.title,
    places: PLACES.antigravity,
    samples: antigravitySamples,
    adapter: antigravityAdapter,
    packaging: antigravityPackaging,
    installer: antigravityInstaller,
    documentedOnly: true,
    mcpUnseen:
      "MCP tool calls do not reach it: agy's documentation does not say how hooks see MCP tools, and hookrail's PreToolUse matcher names only agy's own tools, so a merge through an MCP server is not blocked here",
  },
  opencode: {
    name: "opencode",
    title: PLACES.opencode.title,
    places: PLACES.opencode,
    samples: opencodeSamples,
    adapter: opencodeAdapter,
    packaging: opencodePackaging,
    documentedPart: `OpenCode 2 (its setup(ctx) plugin API): ${DOCUMENTED_ONLY}; OpenCode 1 is measured`,
    installer: opencodeInstaller,
  },
  kilo: {
    name: "kilo",
    title: PLACES.kilo.title,
    places: PLACES.kilo,
    samples: kiloSamples,
    adapter: kiloAdapter,
    packaging: kiloPackaging,
    installer: kiloInstaller,
  },
  pi: {
    name: "pi",
    title: PLACES.pi.title,
    places: PLACES.pi,
    samples: piSamples,
    adapter: piAdapter,
    packaging: piPackaging,
    installer: piInstaller,
  },
  kimi: {
    name: "kimi",
    title: PLACES.kimi.title,
    places: PLACES.kimi,
    samples: kimiSamples,
    adapter: kimiAdapter,
    installer: kimiInstaller,
    packaging: kimiPackaging,
  },
  amp: {
    name: "amp",
    title: PLACES.amp.title,
    places: PLACES.amp,
    samples: ampSamples,
    adapter: ampAdapter,
    packaging: ampPackaging,
    installer: ampInstaller,
    documentedOnly: true,
  },
  openclaw: {
    name: "openclaw",
    title: PLACES.openclaw.title,
    places: PLACES.openclaw,
    samples: openclawSamples,
    adapter: openclawAdapter,
    installer: openclawInstaller,
    packaging: openclawPackaging,
  },
  auggie: {
    name: "auggie",
    title: PLACES.auggie.title,
    places: PLACES.auggie,
    samples: auggieSamples,
    adapter: auggieAdapter,
    packaging: auggiePackaging,
    installer: auggieInstaller,
  },
};

/** Every supported CLI, in CLI_NAMES order. */
export const supportedClis = (): SupportedCli[] => CLI_NAMES.map((name) => CLIS[name]);

/** What a guardrail watching MCP tools misses in this CLI (undefined where its hooks see MCP calls). */
export const mcpUnseen = (name: string): string | undefined =>
  name in CLIS ? CLIS[name as CliName].mcpUnseen : undefined;

/** The label a command shows beside a CLI's name ("" for a CLI measured in its real binary, all of it). */
export const cliLabel = (name: string): string =>
  name in CLIS
    ? CLIS[name as CliName].documentedOnly
      ? DOCUMENTED_ONLY
      : (CLIS[name as CliName].documentedPart ?? "")
    : "";
