// The merge gate's settings, section "merge-gate" of .hookrail/config.json.
import type { ProjectPolicy } from "@hookrail/core";
import * as z from "zod/mini";

export const mergeGateOptions = z.object({
  /** false turns the gate off; only the user config may say so (an invalid value keeps it on). */
  enabled: z._default(z.boolean(), true),
  /** Extra protected branches on top of the top-level `protectedBranches`. */
  protectedBranches: z._default(z.array(z.string().check(z.minLength(1))), []),
});

export type MergeGateOptions = z.infer<typeof mergeGateOptions>;

/** The project file is committed and the agent can write it: there it may only add protection. */
export const mergeGateProjectPolicy: ProjectPolicy = {
  enabled: { allows: (value) => value !== false, why: "only the user config can turn the merge gate off" },
  protectedBranches: "union",
};
