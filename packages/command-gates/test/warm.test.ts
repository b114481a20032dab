// The command gates' warm (core's Guardrail.warm) reads sample lines that name a gate's command with the gate's shell
// reading, so the code cache a bundle makes holds the parser whatever its first call was.
import { describe, expect, it } from "vitest";
import { analyzeCommandGates } from "../src/analysis/analyze-gates.ts";
import { WARM_LINES, warmGates } from "../src/analysis/warm.ts";
import { commandGates } from "../src/guardrail.ts";

const gate = { name: "publish", commands: ["npm publish", "terraform apply"], marker: "PUBLISH_APPROVED" } as const;

describe("the command gates' warm", () => {
  it.each(WARM_LINES)("parses %s and finds the gate's command in it", (line) => {
    const analysis = analyzeCommandGates(line, [{ ...gate, commands: [...gate.commands], approval: "marker" }], {
      cwd: "/",
      home: "/",
    });
    expect(analysis.gates[0]?.skipped).toBe(false);
    expect(analysis.gates[0]?.commands.length).toBeGreaterThan(0);
  });

  it("is the guardrail's warm, and runs without a repository, a config or a home", () => {
    expect(commandGates.warm).toBe(warmGates);
    expect(() => warmGates()).not.toThrow();
  });
});
