// How branch-drift hooks into each CLI: around every file write or edit, and around every shell command
// (so that the session's own git commands are not mistaken for someone else's).
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "branch-drift",
  version: pkg.version,
  description:
    "Warns the agent when the branch or HEAD of a checkout it works in moved under it (another session switched branches, a reset, a rebase) before more edits land in the wrong place; its own git commands only update what it knows.",
  // after-tool too: Gemini CLI drops BeforeTool context, so a move is delivered with the call's result there;
  // and after a shell command, what it moved is the session's own doing.
  bindings: [
    { event: "before-tool", tools: ["shell", "file-write", "file-edit"] },
    { event: "after-tool", tools: ["shell", "file-write", "file-edit"] },
  ],
  // Some CLIs report a shell command that exits non-zero with an event of their own instead of the after-tool one.
  moments: ["tool-failure"],
  needs: { "tool-note": "so branch-drift's note could never arrive" },
  tryHint:
    "branch-drift speaks only when the checkout's branch or HEAD moved since the session's last tool call, which one sample event cannot show: hookrail demo shows its note, and hookrail log --guardrail branch-drift what it told your sessions",
  bundle: "branch-drift.cjs",
  timeoutSeconds: 10,
};
