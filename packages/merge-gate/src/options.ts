// The merge gate's settings, section "merge-gate" of .hookrail/config.json.
import { type GuardrailContext, optionsSpec, type ProjectPolicy, sectionOptions } from "@hookrail/core";
import * as z from "zod/mini";

/**
 * How a merge gets approved: the marker alone; the user confirms in the CLI's UI; the user's own prompt; the
 * forge's review (GitHub, asked at the moment of the merge, reports it approved for its head, checks passing).
 */
export const APPROVAL_MODES = ["marker", "ask", "user", "review"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

const makeSchema = () =>
  z.object({
    /** false turns the gate off; only the user config may say so (an invalid value keeps it on). */
    enabled: z._default(z.boolean(), true),
    /** Extra protected branches on top of the top-level `protectedBranches`. */
    protectedBranches: z._default(z.array(z.string().check(z.minLength(1))), []),
    /** marker (default): MERGE_APPROVED=1 approves; ask: the user confirms in the CLI where it can ask; user: the user's latest prompt must say `approve merge <N>`. */
    approval: z._default(z.enum(APPROVAL_MODES), "marker"),
    /** Mode review: GitHub logins whose approval counts (none: any approval GitHub counts). */
    approvers: z._default(z.array(z.string().check(z.regex(/^[A-Za-z0-9-]+(?:\[bot\])?$/, "a GitHub login"))), []),
  });
let schema: ReturnType<typeof makeSchema> | undefined;

/** The settings' schema, built on first use: the gate runs on every shell command, and most have no section. */
export const mergeGateOptionsSchema = (): ReturnType<typeof makeSchema> => {
  schema ??= makeSchema();
  return schema;
};

export type MergeGateOptions = z.infer<ReturnType<typeof makeSchema>>;

/** What an absent section means (the schema's defaults). */
export const DEFAULT_MERGE_GATE_OPTIONS: Readonly<MergeGateOptions> = {
  enabled: true,
  protectedBranches: [],
  approval: "marker",
  approvers: [],
};

/** The project file is committed and the agent can write it: there it may only add protection. */
export const mergeGateProjectPolicy: ProjectPolicy = {
  enabled: { allows: (value) => value !== false, why: "only the user config can turn the merge gate off" },
  protectedBranches: "union",
  // marker < ask < user: a project may only ask for the strictest modes ("ask" falls back to the marker where a CLI
  // cannot ask); "review" needs the forge's approval on top of the marker.
  // The user's own "user" mode stays: a review by someone else does not stand in for the user's own prompt.
  approval: {
    allows: (value, current) => value === "user" || (value === "review" && current !== "user"),
    why: 'a project can only set "user", or "review" where the user config does not say "user"; other approval modes belong in the user config',
  },
  // A project may name the team's reviewers; only the user file removes one.
  approvers: "union",
};

/** The section's schema and defaults, and what a project file may change. */
export const mergeGateOptions = optionsSpec<MergeGateOptions>(
  "merge-gate",
  mergeGateOptionsSchema,
  () => ({ ...DEFAULT_MERGE_GATE_OPTIONS, protectedBranches: [], approvers: [] }),
  mergeGateProjectPolicy,
);

/** The settings for one hook call: the user's and the project's config, the project only adding protection. */
export function mergeGateSettings(context: GuardrailContext): MergeGateOptions {
  // No section: the defaults, without building the schema.
  return sectionOptions(context.config, mergeGateOptions);
}
