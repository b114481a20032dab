// One row per switch a user (or the agent acting as the user) can reach, against the merge gate
// installed with `--scope managed`; rows marked `admin` change the managed layer itself.
import type { CliName } from "../../clis.ts";
import type { ManagedRun } from "../../runner/types.ts";
import type { Cell } from "../define.ts";

/**
 * What the real CLI does with the switch on:
 * - blocked: the managed hook still denies `gh pr merge 12` (the fake gh never ran);
 * - policy: the hook is off, and Gemini's admin policy denies it instead;
 * - hole: the merge runs (a known hole: `closedBy` says what closes it);
 * - user-hook-dropped: the user's own hook (blocking `gh pr view`) no longer runs, the managed gate does;
 * - user-hook-runs: the control for that: both the user's hook and the managed gate run.
 */
export type Outcome = "blocked" | "policy" | "hole" | "user-hook-dropped" | "user-hook-runs";

export interface Switch {
  cli: CliName;
  /** The switch, as a user would name it. */
  name: string;
  /** How the row applies it. */
  how: string;
  outcome: Outcome;
  /** For a hole: what closes it (and which row shows that). */
  closedBy?: string;
  /** The administrator's change rather than the user's. */
  admin?: true;
  /** Evidence from the run that the switch was in effect (where the report shows it). */
  effect?: Cell;
  run: ManagedRun;
}

/** The rows of one CLI: a switch's name, how the row applies it, what the real CLI did, and the run. */
export const switchesOf =
  (cli: CliName) =>
  (name: string, how: string, outcome: Outcome, run: ManagedRun, extra: Partial<Switch> = {}): Switch => ({
    cli,
    name,
    how,
    outcome,
    run,
    ...extra,
  });
