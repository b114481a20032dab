import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { corpus, corpusFacts } from "./_corpus.ts";

describe("labelled corpus", () => {
  it("holds both labels and at least 150 lines", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(corpus.filter((l) => l.label === "block").length).toBeGreaterThan(50);
    expect(corpus.filter((l) => l.label === "allow").length).toBeGreaterThan(50);
  });

  it.each(corpus)("$label: $command", ({ label, command }) => {
    const analysis = analyzeCommand(command, corpusFacts);
    // The findings text is the failure message: it says why a line was (or was not) blocked.
    expect(isBlocked(analysis) ? "block" : "allow", describeFindings(analysis)).toBe(label);
  });
});
