// How worktree-check hooks into each CLI: at every session start, and at session end to drop its record.
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "worktree-check",
  version: pkg.version,
  description:
    "At every session start, tells the agent which checkout it works in (branch, HEAD, uncommitted files, worktrees, other live sessions) and whether to work there or open a separate worktree first.",
  bindings: [{ event: "session-start" }, { event: "session-end" }],
  unsupported: {
    auggie:
      "Auggie drops what a SessionStart hook answers (it runs the hook and never reads its output into the model's context), so worktree-check's verdict could never arrive",
    cline:
      "Cline runs no hook before the model's first request (TaskStart runs detached and its answer is dropped), so worktree-check's session-start verdict could never arrive",
    openclaw:
      "OpenClaw's plugins cannot tell the model anything at a session's start (session_start only observes, and the hooks that add to a prompt are closed to plugins not bundled with it), so worktree-check's verdict could never arrive",
  },
  bundle: "worktree-check.cjs",
  timeoutSeconds: 10,
};
