// The merge gate's warm (core's Guardrail.warm) runs the shell analysis on lines the prefilter cannot skip, so the
// code cache a bundle makes holds the parser whatever its first call was; it needs nothing from the machine.
import { describe, expect, it } from "vitest";
import { analysisCanSkip } from "../../src/analysis/prefilter.ts";
import { WARM_LINES, warmAnalysis } from "../../src/analysis/warm.ts";
import { mergeGate } from "../../src/guardrail.ts";

describe("the merge gate's warm", () => {
  it.each(WARM_LINES)("reads %s in full: the prefilter cannot skip it", (line) => {
    expect(analysisCanSkip(line)).toBe(false);
  });

  it("is the guardrail's warm, and runs without a repository, a config or a home", () => {
    expect(mergeGate.warm).toBe(warmAnalysis);
    expect(() => warmAnalysis()).not.toThrow();
  });
});
