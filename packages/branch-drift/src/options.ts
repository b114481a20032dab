// branch-drift's settings, section "branch-drift" of .hookrail/config.json.
import { optionsSpec } from "@hookrail/core";
import * as z from "zod/mini";

const makeSchema = () =>
  z.object({
    /** Set to false to turn the warning off for a project. */
    enabled: z._default(z.boolean(), true),
  });
export type BranchDriftOptions = z.infer<ReturnType<typeof makeSchema>>;

/** The section's schema and its defaults, spelled out: most projects have no section. */
export const branchDriftOptions = optionsSpec<BranchDriftOptions>("branch-drift", makeSchema, () => ({
  enabled: true,
}));
