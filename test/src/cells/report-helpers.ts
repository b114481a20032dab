// Small readers over a RunReport that the cells share.
import { expect } from "vitest";
import type { CallReport, RunReport } from "../runner/types.ts";

export function call(r: RunReport, index: number): CallReport {
  const c = r.calls[index];
  if (!c) throw new Error(`no call ${index} in the report`);
  return c;
}

/** A one-line summary of a call for assertion messages. */
export const describeCall = (c: CallReport): string =>
  `${c.tool} ${JSON.stringify(c.step)}: executed=${c.executed} (${c.evidence}); model got: ${JSON.stringify(c.feedback)}`;

/** Everything the model saw in requests [from, to) (to defaults to the end). */
export function textBetween(r: RunReport, from: number, to = r.mainTexts.length): string {
  return r.mainTexts.slice(Math.max(0, from), to).join("\n");
}

/** The CLI answered the call (so it really processed it) and the command did not run. */
export function expectNotRun(c: CallReport): void {
  expect(c.feedback, `never answered: ${describeCall(c)}`).not.toBeNull();
  expect(c.executed, describeCall(c)).toBe(false);
}

export function expectRan(c: CallReport): void {
  expect(c.executed, describeCall(c)).toBe(true);
}
