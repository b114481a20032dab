// The command gates' settings: the "command-gates" list of .hookrail/config.json, one entry per gate.
//   { "name": "publish", "commands": ["npm publish", "pnpm publish"], "marker": "PUBLISH_APPROVED",
//     "reason": "Publishing is a release step: ask the owner first.", "approval": "marker" }
// The user file's gates and the project file's are layered by config/layer-gates.ts (commandGatesSettings): a
// project may only tighten.
import * as z from "zod/mini";

/** How a gated command gets approved: the marker alone; the user confirms in the CLI's UI; the user's own prompt. */
export const APPROVAL_MODES = ["marker", "ask", "user"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/**
 * What a dry run or a help request of a gated command does (`npm publish --dry-run`, `terraform apply -help`):
 * "run" (default) lets it run without the marker; "gate" gates it like the real thing.
 */
export const DRY_RUN_MODES = ["run", "gate"] as const;
export type DryRunMode = (typeof DRY_RUN_MODES)[number];

/** A gate's name: what the user types after `approve` (mode user) and what the reasons name. */
export const GATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** The marker's variable: `NAME=1` on the gated command approves it. */
export const MARKER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

// Built on first use: the gate runs on every shell command.
const makeEntrySchema = () =>
  z.object({
    name: z.string().check(z.regex(GATE_NAME, "a gate's name is letters, digits, '.', '_' or '-' (up to 64)")),
    /** Command patterns, as @hookrail/shell's matchesPattern reads them: "npm publish". */
    commands: z.optional(z.array(z.string())),
    /** The variable whose `=1` on the command approves it; default: the name in capitals + `_APPROVED`. */
    marker: z.optional(z.string().check(z.regex(MARKER, "a marker is a variable name such as PUBLISH_APPROVED"))),
    /** What the model is told, before how to get the approval. */
    reason: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
    approval: z.optional(z.enum(APPROVAL_MODES)),
    /** "gate": dry runs and help requests of the gated commands are gated too (default "run"). */
    dryRuns: z.optional(z.enum(DRY_RUN_MODES)),
    /** false: the gate is off (user file only; a project's gate of the same name is dropped too). */
    enabled: z.optional(z.boolean()),
  });
let entrySchema: ReturnType<typeof makeEntrySchema> | undefined;

/** One entry of the list, as written (before layering). */
export const gateEntrySchema = (): ReturnType<typeof makeEntrySchema> => {
  entrySchema ??= makeEntrySchema();
  return entrySchema;
};

export type GateEntry = z.infer<ReturnType<typeof makeEntrySchema>>;

/** A gate in force: its patterns checked, its marker and mode settled. */
export interface CommandGate {
  name: string;
  commands: string[];
  marker: string;
  reason?: string;
  approval: ApprovalMode;
  /** Absent: "run". */
  dryRuns?: DryRunMode;
}

export interface CommandGatesOptions {
  gates: CommandGate[];
}

/** `publish` → `PUBLISH_APPROVED`, `db-reset` → `DB_RESET_APPROVED`. */
export const defaultMarker = (name: string): string =>
  `${/^[0-9]/.test(name) ? "GATE_" : ""}${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_APPROVED`;
