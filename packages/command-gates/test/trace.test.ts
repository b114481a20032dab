// `hookrail explain` for the command gates: the trace the guardrail fills, from the same run as its decision.
import { CLIS } from "@hookrail/clis";
import { type GuardrailContext, loadConfig } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import type { GateTraceSink } from "../src/analysis/trace.ts";
import { commandGates } from "../src/guardrail.ts";
import { TEN } from "./_gates.ts";
import { shell, world } from "./_hook.ts";

// Each CLI's adapter, through the one list of CLIs.
const claudeAdapter = CLIS.claude.adapter;

function traced(command: string) {
  const w = world(TEN);
  const seen = { notes: [] as string[], commands: [] as unknown[], findings: [] as unknown[] };
  const trace: GateTraceSink = {
    restart: () => {},
    command: (c) => seen.commands.push(c),
    finding: (f) => seen.findings.push(f),
    note: (n) => seen.notes.push(n),
  };
  const event = claudeAdapter.parse(shell("claude", command, w.dir).payload, []);
  const context = { env: w.env, config: loadConfig(w.dir, w.env), log: () => {}, notesReachModel: true, now: 0, trace };
  return { decision: commandGates.decide(event, context as GuardrailContext), seen };
}

describe("the trace for hookrail explain", () => {
  it("shows the gates, the simple commands each saw, the rule that matched and the gates the hook skips", async () => {
    const { decision, seen } = traced("cd pkg && sudo PUBLISH_APPROVED=1 npm publish && npm $X");
    expect((await decision).type).toBe("deny");
    expect(seen.notes[0]).toMatch(
      /^gates: publish = npm publish \| pnpm publish \| yarn npm publish \(PUBLISH_APPROVED=1, marker\); /,
    );
    // `$X` makes every gate parse the line: none is skipped.
    expect(seen.notes.filter((n) => n.startsWith("prefilter:"))).toEqual([]);
    expect(seen.commands).toContainEqual({
      command: "sudo PUBLISH_APPROVED=1 npm publish",
      words: ["npm", "publish"],
      depth: 0,
      hops: 1,
      approved: true,
      where: [{ cwd: expect.stringMatching(/\/project\/pkg$/) }],
    });
    expect(seen.findings).toEqual([
      {
        kind: "approved",
        command: "sudo PUBLISH_APPROVED=1 npm publish",
        text: '`sudo PUBLISH_APPROVED=1 npm publish` runs npm publish (gate "publish") (approved with PUBLISH_APPROVED=1)',
        rule: "gate publish: npm publish",
      },
      {
        kind: "match",
        command: "npm $X",
        text: '`npm $X` may run npm publish (a word of it is known only when it runs) (gate "publish")',
        rule: "gate publish: npm publish",
      },
    ]);
  });

  it("says which matches are dry runs or help requests, which the gate lets run", async () => {
    const { decision, seen } = traced("kubectl delete ns prod --dry-run=client && terraform apply -help");
    expect((await decision).type).toBe("allow");
    expect(seen.findings).toEqual([]);
    expect(seen.notes).toContain(
      'gate infra: `kubectl delete ns prod --dry-run=client` is a dry run of kubectl delete; it runs (dryRuns: "run")',
    );
    expect(seen.notes).toContain(
      'gate infra: `terraform apply -help` is a help request of terraform apply; it runs (dryRuns: "run")',
    );
  });

  it("says which gates the hook would not even parse for", async () => {
    const { decision, seen } = traced("terraform plan");
    expect((await decision).type).toBe("allow");
    expect(seen.notes).toContain('prefilter: the line mentions nothing of gate "publish"; the hook skips its parse');
    expect(seen.notes.some((n) => n.includes('gate "infra"'))).toBe(false);
  });
});
