// The family corpora (test/fixtures/family-<family>.jsonl): PowerShell lines, lines through the config's wrappers,
// package runners, dry runs and help, each with honest look-alikes, judged as the hook judges them.
import { describe, expect, it } from "vitest";
import { decideCommandGates } from "../src/decide.ts";
import { families, gateOf } from "./_corpus.ts";

describe.each(families)("family $family", ({ lines }) => {
  it("holds both labels", () => {
    expect(lines.filter((l) => l.label === "block").length).toBeGreaterThanOrEqual(25);
    expect(lines.filter((l) => l.label === "allow").length).toBeGreaterThanOrEqual(25);
  });

  it.each(lines)("$label: $command", (line) => {
    const facts = {
      line: line.command,
      cwd: "/repo",
      home: "/home/u",
      ...(line.dialect ? { dialect: line.dialect } : {}),
      ...(line.wrappers ? { wrappers: line.wrappers } : {}),
    };
    const { decision } = decideCommandGates(facts, { gates: [gateOf(line)] });
    const why = decision.type === "deny" ? decision.reason : "allowed";
    expect(decision.type === "deny" ? "block" : "allow", why).toBe(line.label);
  });
});
