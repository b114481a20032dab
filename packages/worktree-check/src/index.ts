export {
  type CheckoutFacts,
  countsText,
  isProtectedCheckout,
  uncommittedTotal,
  type Verdict,
  type WorktreeCheckFacts,
} from "./checkout.ts";
export { decideWorktreeCheck, verdictFor } from "./decide.ts";
export { worktreeCheck } from "./guardrail.ts";
export { manifest } from "./manifest.ts";
export { VERDICT_HERE, VERDICT_WORKTREE } from "./note.ts";
export { type WorktreeCheckOptions, worktreeCheckOptions } from "./options.ts";
