// branch-drift's settings, section "branch-drift" of .hookrail/config.json.
import * as z from "zod/mini";

export const branchDriftOptions = z.object({
  /** Set to false to turn the warning off for a project. */
  enabled: z._default(z.boolean(), true),
});

export type BranchDriftOptions = z.infer<typeof branchDriftOptions>;
