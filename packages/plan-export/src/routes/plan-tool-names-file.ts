// The `plan-tool-names-file` route, as Gemini CLI's plan mode works: write_file into the plans folder, exit_plan_mode {plan_filename} before the
// dialog, and AfterTool(exit_plan_mode), which fires for approvals and rejections alike: only its
// result text tells them apart (measured; packages/plan-export/README.md).
import { isAbsolute, join } from "node:path";
import type { HookEvent } from "@hookrail/core";
import type { CliPlans } from "@hookrail/core/cli-places";
import type { Signal } from "../types.ts";
import { absolute, asObject, asString, isPlanFile } from "./shared.ts";

export function namedFileSignals(event: HookEvent, planDirs: readonly string[], plans: CliPlans): Signal[] {
  switch (event.kind) {
    case "before-tool": {
      const { tool } = event;
      if (tool.kind === "plan-exit") {
        const paths = planPaths(asString(tool.input.plan_filename), planDirs);
        return paths.length ? [{ kind: "plan-presented", paths }] : [];
      }
      const path = tool.kind === "file-write" && tool.filePaths[0] ? absolute(event.cwd, tool.filePaths[0]) : undefined;
      return path && (isPlanFile(path, planDirs) || plans.planFiles?.test(path))
        ? [{ kind: "plan-written", path }]
        : [];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      const response = asObject(event.response);
      const text = asString(response.llmContent) ?? asString(event.response) ?? "";
      const stored = /stored at: (.+)$/m.exec(text)?.[1]?.trim();
      const paths = [...(stored ? [stored] : []), ...planPaths(asString(event.tool.input.plan_filename), planDirs)];
      if (/^Plan approved\b/.test(text)) {
        return [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths }];
      }
      const rejected = /^Plan rejected\.(?: User feedback: ([\s\S]*?))?(?:\n\nThe plan is stored at:|$)/.exec(text);
      if (!rejected) return [];
      const feedback = rejected[1]?.trim();
      return [
        {
          kind: "plan-resolved",
          outcome: "rejected",
          resolution: "feedback",
          paths,
          ...(feedback ? { feedback } : {}),
        },
      ];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      // AfterAgent: nothing to settle (Esc fires no AfterAgent; answers fire AfterTool).
      return [];
  }
}

/** Where `exit_plan_mode {plan_filename}` points: the name inside each known plans folder. */
function planPaths(filename: string | undefined, planDirs: readonly string[]): string[] {
  if (!filename) return [];
  if (isAbsolute(filename)) return [filename];
  return planDirs.map((dir) => join(dir, filename));
}
