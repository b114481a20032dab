// Which route reads an event: one file per CLI, because plan mode differs in every CLI.
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { auggieSignals } from "./auggie.ts";
import { claudeSignals } from "./claude.ts";
import { codexSignals } from "./codex.ts";
import { copilotSignals } from "./copilot.ts";
import { droidSignals } from "./droid.ts";
import { geminiSignals } from "./gemini.ts";
import { kimiSignals } from "./kimi.ts";
import { openCodeSignals } from "./opencode.ts";
import { qwenSignals } from "./qwen.ts";

export { continuationEvidence } from "./claude-transcript.ts";
export { codexPlanFromRollout } from "./codex-rollout.ts";

export function routeSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  // Session starts and ends mean the same in every CLI; the rest is read per CLI.
  if (event.kind === "session-start") return [{ kind: "session-started", source: event.source }];
  if (event.kind === "session-end") return [{ kind: "session-ended", reason: event.reason ?? "other" }];
  switch (event.cli) {
    case "claude":
      return claudeSignals(event, planDirs);
    case "gemini":
      return geminiSignals(event, planDirs);
    case "codex":
      return codexSignals(event);
    case "copilot":
      return copilotSignals(event, planDirs);
    case "opencode":
    case "kilo":
      return openCodeSignals(event, planDirs);
    case "qwen":
      return qwenSignals(event);
    case "droid":
      return droidSignals(event);
    case "kimi":
      return kimiSignals(event);
    case "auggie":
      return auggieSignals(event, planDirs);
    // Cursor and Antigravity CLI fire no hook at a plan's approval, Pi, Amp and OpenClaw have no plan mode, Cline's plan mode
    // no plan tool (README.md): no route.
    case "cursor":
    case "antigravity":
    case "pi":
    case "cline":
    case "amp":
    case "openclaw":
      return [];
  }
}
