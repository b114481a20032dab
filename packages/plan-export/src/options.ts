// plan-export's settings, section "plan-export" of .hookrail/config.json (or the user config).
import { optionsSpec } from "@hookrail/core";
import * as z from "zod/mini";

const makeSchema = () => {
  const folder = z.string().check(z.minLength(1));
  return z.object({
    /** false: the project is left alone (nothing tracked, nothing exported). */
    enabled: z._default(z.boolean(), true),
    /** Where accepted plans go, relative to the worktree's top folder (or absolute). */
    acceptedDir: z._default(folder, "docs/plans/accepted"),
    /** Where rejected, dismissed and abandoned plans go. */
    rejectedDir: z._default(folder, "docs/plans/rejected"),
    /** File name: {date} {time} {slug} {cli} {outcome} {hash} {session}; ".md" is added. No folders. */
    fileName: z._default(z.string().check(z.minLength(1), z.regex(/^[^/\\]+$/)), "{date}-{time}-{slug}"),
    /** Which outcomes are written; the others are still tracked and settled, just not written. */
    outcomes: z._default(z.array(z.enum(["accepted", "rejected"])), ["accepted", "rejected"]),
    /** A plan of another session, untouched this long, counts as abandoned (its session is presumed gone). */
    abandonAfterMinutes: z._default(z.number().check(z.int(), z.positive()), 60),
  });
};
export type PlanExportOptions = z.infer<ReturnType<typeof makeSchema>>;

/** The section's schema and its defaults, spelled out: most projects have no section. */
export const planExportOptions = optionsSpec<PlanExportOptions>("plan-export", makeSchema, () => ({
  enabled: true,
  acceptedDir: "docs/plans/accepted",
  rejectedDir: "docs/plans/rejected",
  fileName: "{date}-{time}-{slug}",
  outcomes: ["accepted", "rejected"],
  abandonAfterMinutes: 60,
}));
