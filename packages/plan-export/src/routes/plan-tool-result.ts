// The `plan-tool-result` route, as Kimi Code's plan mode works (measured on 2.1.0): ExitPlanMode's input is `{}` and the plan-file write fires no
// PreToolUse, so the plan reaches hooks only after the approval, in PostToolUse(ExitPlanMode)'s `tool_output`:
// "… Plan saved to: <file>\n\n## Plan (auto-approved, not user-reviewed):\n<plan>" (`kimi -p` approves it itself;
// the terminal UI's approval says "## Approved Plan:"). Kimi cuts `tool_output` at 2,000 characters: a longer
// plan is read from the file it names.
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { asString } from "./shared.ts";

const SAVED = /\nPlan saved to: (.+)\n/;
const PLAN = /\n## (?:Plan \(auto-approved[^)]*\)|Approved Plan):\n([\s\S]*)$/;
const CUT_AT = 2000;

export function toolResultSignals(event: HookEvent): Signal[] {
  switch (event.kind) {
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      const output = asString(event.response) ?? "";
      const plan = PLAN.exec(output);
      if (!plan) return [];
      const file = SAVED.exec(output)?.[1]?.trim();
      const text = output.length < CUT_AT ? plan[1] : undefined;
      return [
        {
          kind: "plan-resolved",
          outcome: "accepted",
          resolution: "approved",
          paths: file ? [file] : [],
          ...(text !== undefined ? { text } : {}),
        },
      ];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      return [];
  }
}
