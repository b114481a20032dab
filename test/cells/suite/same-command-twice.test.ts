// A hook command configured twice for one call: does the CLI run it once or twice? What decides whether guardrails
// installed together could share one process by sharing one command (docs/architecture.md#several-guardrails-on-one-call).
// The merge gate is installed as `hookrail install` writes it; a row then doubles its PreToolUse entries in the CLI's
// own file, every copy the same command, and the session's audit log counts the gate's runs on `gh pr merge 12`
// (one entry per run that blocked). A row without the copy is the control: one run.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { type AuditCapture, captureAuditLog } from "../../src/cells/audit-log.ts";
import { type CellRow, defineCells } from "../../src/cells/define.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [{ kind: "shell", command: "gh pr merge 12" }],
};
const audits = new Map<string, AuditCapture>();

/** The CLIs whose hooks hookrail writes into a file of the CLI's own, and how to double the merge gate's there. */
const doubles: Record<"droid" | "kimi" | "auggie", (s: Session) => void> = {
  // ~/.factory/hooks.json: the events at the top level.
  droid: (s) => doubleJson(path.join(s.rd.home, ".factory", "hooks.json"), (json) => json),
  // ~/.augment/settings.json: the events under "hooks".
  auggie: (s) => doubleJson(path.join(s.rd.home, ".augment", "settings.json"), (json) => json.hooks ?? {}),
  // config.toml: one [[hooks]] table per entry; the PreToolUse ones appended again.
  kimi: (s) => {
    const file = path.join(s.env.KIMI_CODE_HOME || path.join(s.rd.home, ".kimi-code"), "config.toml");
    const text = fs.readFileSync(file, "utf8");
    const entries = text.split(/(?=^\[\[hooks\]\]$)/m).filter((b) => b.startsWith("[[hooks]]"));
    const gate = entries.filter((b) => /^event = "PreToolUse"$/m.test(b));
    expect(gate.length, "no PreToolUse entry of the merge gate in config.toml").toBeGreaterThan(0);
    const doubled = `${text.trimEnd()}\n\n${gate.map((b) => b.trimEnd()).join("\n\n")}\n`;
    expect(doubled.match(/^event = "PreToolUse"$/gm)).toHaveLength(2 * gate.length);
    fs.writeFileSync(file, doubled);
  },
};

type Events = Record<string, unknown[]>;

function doubleJson(file: string, events: (json: Events & { hooks?: Events }) => Events) {
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  const at = events(json);
  const groups = at.PreToolUse ?? [];
  expect(JSON.stringify(groups), `no PreToolUse group of the merge gate in ${file}`).toContain("merge-gate");
  at.PreToolUse = [...groups, ...structuredClone(groups)];
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** What each CLI did with the doubled command, measured on the pinned version. */
const RUNS_WHEN_DOUBLED = { droid: 2, kimi: 1, auggie: 1 } as const;

const runs = (key: string) => (audits.get(key)?.entries ?? []).filter((e) => e.guardrail === "merge-gate");

const rows: CellRow[] = (Object.keys(doubles) as (keyof typeof doubles)[]).flatMap((cli) =>
  ([1, 2] as const).map((times): CellRow => {
    const key = `${cli}-${times}`;
    const expected = times === 1 ? 1 : RUNS_WHEN_DOUBLED[cli];
    return {
      cli,
      scenario,
      variant: times === 1 ? "the merge gate's command once" : "the merge gate's command twice",
      prepare: captureAuditLog(audits, key),
      afterInstall: times === 2 ? doubles[cli] : undefined,
      cells: [
        {
          name:
            times === 1
              ? "gh pr merge 12 blocked by one run of the gate"
              : `the same command twice: ${expected === 1 ? "one run" : `${expected} runs`}`,
          check: () => expect(runs(key).map((e) => e.decision)).toEqual(Array(expected).fill("block")),
        },
      ],
    };
  }),
);

defineCells(repoSource("merge-gate"), rows);
