// What a guardrail answers. Adapters render each variant the way their CLI really honours it.

export type Decision =
  /**
   * Say nothing; the action goes ahead. `approved`: it goes ahead because of an approval (a marker, the user's own
   * message), and says what was approved; the audit log records it.
   */
  | { type: "allow"; approved?: string }
  /** Block the action; the reason reaches the model. */
  | { type: "deny"; reason: string }
  /**
   * Ask the user; a CLI that cannot ask answers `fallback` instead (without one: deny with the reason).
   * Which CLIs can ask is each adapter's knowledge (docs/cli-differences.md).
   */
  | { type: "ask"; reason: string; fallback?: Exclude<Decision, { type: "ask" }> }
  /** Let the action go ahead and tell the model something (optionally a one-line summary for the user). */
  | { type: "note"; context: string; userMessage?: string }
  /** Let the action go ahead and show the user a message; the model is not told. */
  | { type: "message"; userMessage: string };

export type DecisionType = Decision["type"];

export const allow = (): Decision => ({ type: "allow" });
export const approved = (what: string): Extract<Decision, { type: "allow" }> => ({ type: "allow", approved: what });
export const deny = (reason: string): Decision => ({ type: "deny", reason });
export const ask = (reason: string, fallback?: Exclude<Decision, { type: "ask" }>): Decision =>
  fallback ? { type: "ask", reason, fallback } : { type: "ask", reason };
export const note = (context: string, userMessage?: string): Decision =>
  userMessage === undefined ? { type: "note", context } : { type: "note", context, userMessage };
export const message = (userMessage: string): Decision => ({ type: "message", userMessage });
