// What the merge gate's analysers get: the shell engine's context, with the facts about the checkouts and the
// worlds' repository state, and the findings the gate adds (merge routes, tampering).
import { type Invocation, record as recordOnce, type Ctx as ShellCtx } from "@hookrail/shell/engine";
import type { World } from "./repo-state.ts";
import type { AnalysisFacts, Finding } from "./types.ts";

export interface Ctx extends ShellCtx {
  facts: AnalysisFacts;
  flow: { worlds: World[] };
}

/** Adds a finding, once per command. */
export function record(ctx: ShellCtx, finding: Finding): void {
  const key =
    finding.kind === "merge"
      ? `m ${finding.approved} ${finding.route}`
      : finding.kind === "tamper"
        ? `t ${finding.approved} ${finding.what} ${finding.path}`
        : finding.kind === "review"
          ? `r ${finding.what}`
          : `u ${finding.why}`;
  recordOnce(ctx, finding, key);
}

export function addMerge(ctx: ShellCtx, inv: Invocation, route: string): void {
  const words = inv.args.map((a) => a.value);
  record(ctx, { kind: "merge", route, command: inv.command, approved: inv.approved, words });
}

/** Approval mode "review": the command changes the forge's record of reviews or checks (`what` it does). */
export function addReviewChange(ctx: ShellCtx, inv: Invocation, what: string): void {
  record(ctx, { kind: "review", what, command: inv.command, approved: false });
}
