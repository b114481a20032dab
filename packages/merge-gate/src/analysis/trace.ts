// `hookrail explain` for the merge gate: what its analysis saw, recorded as it runs (the shell analysis calls
// `traceCommand` on every simple command), and each finding with the rule it comes from.
import type { TracedPlace, TraceSink } from "@hookrail/core";
import type { Invocation, Ctx as ShellCtx } from "@hookrail/shell/engine";
import { branchesAt, checkoutAt } from "./checkouts.ts";
import type { Ctx } from "./context.ts";
import { describeFindings } from "./describe-findings.ts";
import type { Finding } from "./types.ts";

/** The shell analysis' trace hook: the command and, per world, its folder, branch and repository. */
export function traceCommand(sink: TraceSink): (inv: Invocation, ctx: ShellCtx) => void {
  return (inv, shellCtx) => {
    const ctx = shellCtx as Ctx;
    const where = ctx.flow.worlds.map((world): TracedPlace => {
      const checkout = checkoutAt(ctx.facts, world.cwd);
      return {
        cwd: world.cwd,
        ...(checkout === null ? { repo: null } : { branches: [...branchesAt(ctx.facts, world, world.cwd)] }),
        ...(checkout ? { repo: checkout.repo } : {}),
      };
    });
    const words = inv.args.map((a) => a.value);
    sink.command({ command: inv.command, words, depth: ctx.depth, hops: inv.hops ?? 0, approved: inv.approved, where });
  };
}

/** Each finding as the trace names it: the rule it comes from, in the reason's own words. */
export function traceFindings(sink: TraceSink, findings: readonly Finding[]): void {
  for (const f of findings) {
    const text = describeFindings({ findings: [f] });
    if (f.kind === "unprovable") sink.finding({ kind: "unknown", command: f.command, text, rule: "cannot be checked" });
    else {
      const rule = f.kind === "merge" ? `merge route: ${f.route}` : `tamper: ${f.what}`;
      sink.finding({ kind: f.approved ? "approved" : "match", command: f.command, text, rule });
    }
  }
}
