// The `plan-agent` route, as OpenCode and Kilo Code CLI work (one plugin API; measured on OpenCode 1.18.33 and Kilo 7.7.7,
// packages/plan-export/README.md): the plan agent writes its plan with write / edit into a plans folder (its
// permissions deny every other edit); in the terminal UI it then calls plan_exit, which asks "switch to the build
// agent?": Yes answers "User approved switching to build agent…", No fails the call. `run` has no plan_exit,
// so a plan written there is tracked as a draft and never presented.
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";
import { absolute, asObject, asString, isPlanFile } from "./shared.ts";

export function planAgentSignals(event: HookEvent, planDirs: readonly string[]): Signal[] {
  switch (event.kind) {
    case "before-tool": {
      const { tool } = event;
      if (tool.kind === "plan-exit") return [{ kind: "plan-presented", paths: [], drafts: true }];
      const path = tool.filePaths[0] ? absolute(event.cwd, tool.filePaths[0]) : undefined;
      const writes = tool.kind === "file-write" || tool.kind === "file-edit";
      return writes && path && isPlanFile(path, planDirs) ? [{ kind: "plan-written", path }] : [];
    }
    case "after-tool": {
      if (event.tool.kind !== "plan-exit") return [];
      const text = asString(event.response) ?? asString(asObject(event.response).output) ?? "";
      return /^User approved switching to build agent/.test(text)
        ? [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths: [], drafts: true }]
        : [];
    }
    case "prompt":
      return [{ kind: "prompt" }];
    default:
      return [];
  }
}
