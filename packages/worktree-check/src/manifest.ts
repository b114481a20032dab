// How worktree-check hooks into each CLI: at every session start, and at session end to drop its record.
import type { GuardrailManifest } from "@hookrail/core";
import pkg from "../package.json" with { type: "json" };

export const manifest: GuardrailManifest = {
  name: "worktree-check",
  version: pkg.version,
  description:
    "At every session start, tells the agent which checkout it works in (branch, HEAD, uncommitted files, worktrees, other live sessions) and whether to work there or open a separate worktree first.",
  bindings: [{ event: "session-start" }, { event: "session-end" }],
  needs: { "session-start-note": "so worktree-check's verdict could never arrive" },
  bundle: "worktree-check.cjs",
  timeoutSeconds: 10,
};
