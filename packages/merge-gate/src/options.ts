// The merge gate's settings, section "merge-gate" of .hookrail/config.json.
import * as z from "zod/mini";

const makeSchema = () =>
  z.object({
    /** Set to false to turn the gate off for a project (an invalid value keeps it on). */
    enabled: z._default(z.boolean(), true),
    /** Extra protected branches on top of the top-level `protectedBranches`. */
    protectedBranches: z._default(z.array(z.string().check(z.minLength(1))), []),
  });
let schema: ReturnType<typeof makeSchema> | undefined;

/** The settings' schema, built on first use: the gate runs on every shell command, and most have no section. */
export const mergeGateOptionsSchema = (): ReturnType<typeof makeSchema> => {
  schema ??= makeSchema();
  return schema;
};

export type MergeGateOptions = z.infer<ReturnType<typeof makeSchema>>;

/** What an absent section means (the schema's defaults). */
export const DEFAULT_MERGE_GATE_OPTIONS: Readonly<MergeGateOptions> = { enabled: true, protectedBranches: [] };
