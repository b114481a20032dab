// branch-drift's settings, section "branch-drift" of .hookrail/config.json.
import type { OptionsSpec } from "@hookrail/core";
import * as z from "zod/mini";

const makeSchema = () =>
  z.object({
    /** Set to false to turn the warning off for a project. */
    enabled: z._default(z.boolean(), true),
  });
let schema: ReturnType<typeof makeSchema> | undefined;

export type BranchDriftOptions = z.infer<ReturnType<typeof makeSchema>>;

/** The section's schema (built on first use) and its defaults, spelled out: most projects have no section. */
export const branchDriftOptions: OptionsSpec<BranchDriftOptions> = {
  name: "branch-drift",
  schema: () => {
    schema ??= makeSchema();
    return schema;
  },
  defaults: () => ({ enabled: true }),
};
