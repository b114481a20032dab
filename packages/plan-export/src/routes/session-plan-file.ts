// The `session-plan-file` route, as Copilot CLI's plan mode works (its terminal UI's plan mode; measured on 1.0.102, packages/plan-export/README.md):
// the model writes plan.md in the session folder (~/.copilot/session-state/<session>/) with create / edit,
// then calls exit_plan_mode {summary}: preToolUse before the dialog, postToolUse after an answer, whose
// result text alone tells an approval from "Suggest changes". Esc fires nothing. Headless plan mode
// (`copilot -p --mode plan`) has no exit_plan_mode, so nothing is presented there.
import { basename, join } from "node:path";
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { absolute, asObject, asString, isPlanFile } from "./shared.ts";

const FEEDBACK =
  /^Plan not approved\. User feedback:\s*([\s\S]*?)\s*(?:Please update the plan based on this feedback|$)/;

export function sessionFileSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  const planFiles = planDirs.map((dir) => join(dir, "plan.md"));
  switch (event.kind) {
    case "before-tool": {
      const { tool } = event;
      if (tool.kind === "plan-exit") return [{ kind: "plan-presented", paths: planFiles }];
      const path = tool.filePaths[0] ? absolute(event.cwd, tool.filePaths[0]) : undefined;
      const writes = tool.kind === "file-write" || tool.kind === "file-edit";
      return writes && path && basename(path) === "plan.md" && isPlanFile(path, planDirs)
        ? [{ kind: "plan-written", path }]
        : [];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      // Copilot's format: toolResult.textResultForLlm; the Claude format: tool_result.text_result_for_llm.
      const result = asObject(event.response);
      const text = asString(result.textResultForLlm) ?? asString(result.text_result_for_llm) ?? "";
      if (/^Plan approved!/.test(text))
        return [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths: planFiles }];
      const feedback = FEEDBACK.exec(text)?.[1]?.trim();
      if (!/^Plan not approved\b/.test(text)) return [];
      return [
        {
          kind: "plan-resolved",
          outcome: "rejected",
          resolution: "feedback",
          paths: planFiles,
          ...(feedback ? { feedback } : {}),
        },
      ];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      return [];
  }
}
