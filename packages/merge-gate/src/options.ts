// The merge gate's settings, section "merge-gate" of .hookrail/config.json.
import * as z from "zod/mini";

export const mergeGateOptions = z.object({
  /** Set to false to turn the gate off for a project (an invalid value keeps it on). */
  enabled: z._default(z.boolean(), true),
  /** Extra protected branches on top of the top-level `protectedBranches`. */
  protectedBranches: z._default(z.array(z.string().check(z.minLength(1))), []),
});

export type MergeGateOptions = z.infer<typeof mergeGateOptions>;
