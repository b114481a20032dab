// What a command-gates call sets up: the analysis and the decision (with the shell's analysis and parser under them)
// are imported when a line may trip a gate (guardrail.ts), so a line that mentions none sets none of them up. Each
// module below is replaced by itself with a count of its loads.
import { CLIS } from "@hookrail/clis";
import { cliRunsTool } from "@hookrail/test-utils";
import { describe, expect, it, vi } from "vitest";

const { seen: loads, counted } = await vi.hoisted(async () =>
  (await import("@hookrail/test-utils/module-loads")).moduleLoads(),
);

vi.mock("../src/analysis/analyze-gates.ts", counted("analysis"));
vi.mock("../src/decide.ts", counted("decision"));
vi.mock("@hookrail/shell", counted("shell"));

const { TEN } = await import("./_gates.ts");
const { shell, world } = await import("./_hook.ts");
const loaded = () => Object.keys(loads).sort();

describe("the modules a command-gates call sets up", () => {
  // Not reset between rows: each module loads once per process, so the rows build on each other in order.
  it("are none of those at start-up, nor for lines that mention no gate", async () => {
    expect(loaded()).toEqual([]);
    const w = world(TEN);
    for (const command of ["git status --short && ls -la src", "make build", "ls dist | head -n 5"]) {
      const call = shell("claude", command, w.dir);
      expect(cliRunsTool("claude", await w.send(CLIS.claude.adapter, call.payload, call.args)), command).toBe(true);
    }
    expect(loaded()).toEqual([]);
  });

  it("are the analysis and the decision for a line that may trip a gate, once", async () => {
    const w = world(TEN);
    for (const command of ["npm publish", "cd pkg && npm publish --dry-run"]) {
      const call = shell("claude", command, w.dir);
      await w.send(CLIS.claude.adapter, call.payload, call.args);
    }
    expect(loads).toEqual({ analysis: 1, decision: 1, shell: 1 });
  });
});
