// The `plan-exit-choice` route, as Auggie's plan mode works (its terminal UI's plan mode, behind the server's cliEnablePlanMode flag; read from Auggie
// 0.36.0's shipped code, not run here: packages/plan-export/README.md): plan mode tells the model to save the plan
// as a Markdown file under ~/.augment/plans/ (save-file, or str-replace-editor when it revises one), then to call
// exit-plan-mode {summary}, whose result is the user's choice: "Implement selected…", "Iterate selected…" (the plan
// stays in plan mode for feedback) or "Declined…". The call names no file: the plan is the session's newest draft.
import { join } from "node:path";
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { absolute, asString, isPlanFile } from "./shared.ts";

export function exitChoiceSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  switch (event.kind) {
    case "before-tool": {
      const { tool } = event;
      if (tool.kind === "plan-exit") return [{ kind: "plan-presented", paths: [], drafts: true }];
      const path = tool.filePaths[0] ? planPath(event.cwd, tool.filePaths[0], planDirs) : undefined;
      const writes = tool.kind === "file-write" || tool.kind === "file-edit";
      return writes && path && isPlanFile(path, planDirs) ? [{ kind: "plan-written", path }] : [];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      const text = asString(event.response) ?? "";
      if (/^Implement selected\b/.test(text))
        return [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths: [], drafts: true }];
      if (/^Iterate selected\b/.test(text))
        return [{ kind: "plan-resolved", outcome: "rejected", resolution: "feedback", paths: [], drafts: true }];
      if (/^Declined\b/.test(text))
        return [{ kind: "plan-resolved", outcome: "rejected", resolution: "dismissed", paths: [], drafts: true }];
      return [];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      return [];
  }
}

/** The file a call names: `~/…` (the form plan mode's instructions use) is in the home the plans folder is in. */
function planPath(cwd: string, path: string, planDirs: readonly string[]): string {
  const home = planDirs[0]?.replace(/[\\/]\.[^\\/]+[\\/]plans$/, "");
  return path.startsWith("~/") && home ? join(home, path.slice(2)) : absolute(cwd, path);
}
