// The merge gate's settings, section "merge-gate" of .hookrail/config.json.
import * as z from "zod/mini";

/** How a merge gets approved, loosest first: the marker alone; the user confirms in the CLI's UI; the user's own prompt. */
export const APPROVAL_MODES = ["marker", "ask", "user"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const mergeGateOptions = z.object({
  /** Set to false to turn the gate off for a project (an invalid value keeps it on). */
  enabled: z._default(z.boolean(), true),
  /** Extra protected branches on top of the top-level `protectedBranches`. */
  protectedBranches: z._default(z.array(z.string().check(z.minLength(1))), []),
  /** marker (default): MERGE_APPROVED=1 approves; ask: the user confirms in the CLI where it can ask; user: the user's latest prompt must say `approve merge <N>`. */
  approval: z._default(z.enum(APPROVAL_MODES), "marker"),
});

export type MergeGateOptions = z.infer<typeof mergeGateOptions>;
