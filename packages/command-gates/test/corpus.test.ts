// A labelled corpus per example gate (test/fixtures/corpus-<gate>.jsonl): each line judged with that gate alone.
import { describe, expect, it } from "vitest";
import { decideCommandGates } from "../src/decide.ts";
import { corpora } from "./_corpus.ts";

describe.each(corpora)("corpus of gate $gate.name", ({ gate, lines }) => {
  it("holds both labels", () => {
    expect(lines.filter((l) => l.label === "block").length).toBeGreaterThanOrEqual(15);
    expect(lines.filter((l) => l.label === "allow").length).toBeGreaterThanOrEqual(15);
  });

  it.each(lines)("$label: $command", ({ label, command }) => {
    const { decision } = decideCommandGates({ line: command, cwd: "/repo", home: "/home/u" }, { gates: [gate] });
    const why = decision.type === "deny" ? decision.reason : "allowed";
    expect(decision.type === "deny" ? "block" : "allow", why).toBe(label);
  });
});
