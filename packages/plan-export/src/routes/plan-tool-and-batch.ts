// The `plan-tool-and-batch` route, as Claude Code's plan mode works: Write into the plans folder, ExitPlanMode before and after the dialog,
// PostToolBatch (the only event that carries a rejection with feedback), and the session events.
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { absolute, asObject, asString, isPlanFile } from "./shared.ts";

const APPROVED = /^User has approved your plan/;
const REJECTED = /^The user doesn't want to proceed with this tool use/;

export function toolAndBatchSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  switch (event.kind) {
    case "before-tool": {
      const { tool } = event;
      if (tool.kind === "plan-exit") {
        // PreToolUse gets the enriched input: the plan's text and its file, before the user chooses.
        const text = asString(tool.input.plan);
        const path = asString(tool.input.planFilePath);
        if (!path && text === undefined) return [];
        return [
          {
            kind: "plan-presented",
            paths: path ? [absolute(event.cwd, path)] : [],
            ...(text !== undefined ? { text } : {}),
          },
        ];
      }
      const path = tool.kind === "file-write" && tool.filePaths[0] ? absolute(event.cwd, tool.filePaths[0]) : undefined;
      return path && isPlanFile(path, planDirs) ? [{ kind: "plan-written", path }] : [];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      // Fires only for the keep-context "Yes" options; carries the user's edit when there was one.
      const response = asObject(event.response);
      const text = asString(response.plan) ?? asString(event.tool.input.plan);
      const path = asString(response.filePath);
      return [
        {
          kind: "plan-resolved",
          outcome: "accepted",
          resolution: response.planWasEdited === true ? "approved-edited" : "approved",
          paths: path ? [absolute(event.cwd, path)] : [],
          ...(text !== undefined ? { text } : {}),
        },
      ];
    }
    case "stop":
      return [{ kind: "turn-ended" }];
    case "prompt":
      return [{ kind: "prompt" }];
    case "other":
      return event.nativeEvent === "PostToolBatch" ? batchSignals(event.payload, event.cwd) : [];
    default:
      // Session starts and ends are read in routes/index.ts, the same for every CLI.
      return [];
  }
}

/** PostToolBatch: each ExitPlanMode call with its enriched input and the text the model was given. */
function batchSignals(payload: Record<string, unknown>, cwd: string): Signal[] {
  const calls = Array.isArray(payload.tool_calls) ? payload.tool_calls : [];
  const signals: Signal[] = [];
  for (const call of calls.map(asObject)) {
    if (call.tool_name !== "ExitPlanMode") continue;
    const input = asObject(call.tool_input);
    const response = asString(call.tool_response) ?? "";
    const path = asString(input.planFilePath);
    const paths = path ? [absolute(cwd, path)] : [];
    if (APPROVED.test(response)) {
      const edited = /\n## Approved Plan \(edited by user\):\n/.test(response);
      const approved = /\n## Approved Plan(?: \(edited by user\))?:\n([\s\S]*)$/.exec(response)?.[1];
      const text = approved ?? asString(input.plan);
      signals.push({
        kind: "plan-resolved",
        outcome: "accepted",
        resolution: edited ? "approved-edited" : "approved",
        paths,
        ...(text !== undefined ? { text } : {}),
      });
    } else if (REJECTED.test(response)) {
      const feedback = /the user said:\n([\s\S]*)$/.exec(response)?.[1]?.trim();
      const text = asString(input.plan);
      signals.push({
        kind: "plan-resolved",
        outcome: "rejected",
        resolution: feedback ? "feedback" : "dismissed",
        paths,
        ...(text !== undefined ? { text } : {}),
        ...(feedback ? { feedback } : {}),
      });
    }
  }
  return signals;
}
