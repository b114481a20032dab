// The runner of each pinned CLI (one entry per line of cli-versions.json): how a cell's run is driven.
// Plan mode is reachable only in Claude's, Codex's, Copilot's and Qwen's terminal UIs (measured;
// packages/plan-export/README.md); Gemini's and Droid's work headless.
import type { CliName } from "../clis.ts";
import { runAuggie } from "./auggie.ts";
import { runBridge } from "./bridge.ts";
import { runClaude } from "./claude.ts";
import { runClaudeTui } from "./claude-tui.ts";
import { runCline } from "./cline.ts";
import { runCodex } from "./codex.ts";
import { runCodexTui } from "./codex-tui.ts";
import { runCopilot } from "./copilot.ts";
import { runDroid } from "./droid.ts";
import { runGemini } from "./gemini.ts";
import { runKimi } from "./kimi.ts";
import { runOpenClaw } from "./openclaw.ts";
import { runQwen } from "./qwen.ts";
import type { RunOptions, RunReport } from "./types.ts";
import { unavailableRunner } from "./unavailable.ts";

export const RUNNERS: Record<CliName, (o: RunOptions) => Promise<RunReport>> = {
  claude: (o) => (o.planMode || o.tui ? runClaudeTui(o) : runClaude(o)),
  gemini: runGemini,
  codex: (o) => (o.planMode ? runCodexTui(o) : runCodex(o)),
  copilot: runCopilot,
  cursor: unavailableRunner("cursor"),
  antigravity: unavailableRunner("antigravity"),
  qwen: runQwen,
  cline: runCline,
  droid: runDroid,
  opencode: (o) => runBridge("opencode", o),
  kilo: (o) => runBridge("kilo", o),
  pi: (o) => runBridge("pi", o),
  kimi: runKimi,
  amp: unavailableRunner("amp"),
  openclaw: runOpenClaw,
  auggie: runAuggie,
};
