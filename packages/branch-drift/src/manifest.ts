// How branch-drift hooks into each CLI: around every file write or edit.
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "branch-drift",
  version: pkg.version,
  description:
    "Warns the agent when the branch, HEAD or worktree of its checkout moved under it (another session switched branches, a reset, a rebase) before more edits land in the wrong place.",
  // after-tool too: Gemini CLI drops BeforeTool context, so a move is delivered with the edit's result there.
  bindings: [
    { event: "before-tool", tools: ["file-write", "file-edit"] },
    { event: "after-tool", tools: ["file-write", "file-edit"] },
  ],
  bundle: "branch-drift.cjs",
  timeoutSeconds: 10,
};
