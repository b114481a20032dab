// worktree-check's settings, section "worktree-check" of .hookrail/config.json. Protected branches come
// from the top-level `protectedBranches` (plus the remote's default branch).
import { optionsSpec } from "@hookrail/core";
import * as z from "zod/mini";

const makeSchema = () => {
  const minutes = z.number().check(z.positive());
  return z.object({
    /** Set to false to turn the check off for a project. */
    enabled: z._default(z.boolean(), true),
    /** Open a separate worktree first when this is the main worktree on a protected or default branch. */
    onProtectedBranch: z._default(z.boolean(), true),
    /** ... when files are uncommitted at session start (they are not this session's). */
    onUncommittedChanges: z._default(z.boolean(), true),
    /** ... when another live session is recorded in this checkout. */
    onOtherSession: z._default(z.boolean(), true),
    /** A session counts as live for this long after its last recorded activity. */
    liveSessionMinutes: z._default(minutes, 120),
    /** Stop counting uncommitted files when `git status` stays silent this long (huge repositories). */
    statusTimeoutMs: z._default(z.number().check(z.positive()), 2000),
  });
};
export type WorktreeCheckOptions = z.infer<ReturnType<typeof makeSchema>>;

/** The section's schema and its defaults, spelled out: most projects have no section. */
export const worktreeCheckOptions = optionsSpec<WorktreeCheckOptions>("worktree-check", makeSchema, () => ({
  enabled: true,
  onProtectedBranch: true,
  onUncommittedChanges: true,
  onOtherSession: true,
  liveSessionMinutes: 120,
  statusTimeoutMs: 2000,
}));
