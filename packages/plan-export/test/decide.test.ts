// The pure decision, table-tested: tracked plans and an event's signals in, exports and tracking changes out.
import { describe, expect, it } from "vitest";
import { decidePlanExport } from "../src/decide.ts";
import { planHash } from "../src/plan-text.ts";
import { recordKey } from "../src/record-key.ts";
import type { LinkFacts, PlanDecisionOptions, PlanFacts, PlanRecord, Signal, TrackedRecord } from "../src/types.ts";

const NOW = 10_000_000;
const HOUR = 3_600_000;
const A = "# Plan A\n";
const B = "# Plan B\n";

function record(
  partial: Partial<PlanRecord> & { text?: string },
  file: TrackedRecord["file"] = { state: "ok", text: partial.text ?? A },
): TrackedRecord {
  const r: PlanRecord = {
    kind: "attempt",
    cli: "claude",
    sessionId: "me",
    path: "/plans/x.md",
    status: "open",
    at: NOW - 1000,
    ...partial,
  };
  if (r.kind === "attempt" && r.text === undefined) r.text = A;
  if (r.kind === "attempt") r.hash = planHash(r.text ?? "");
  return { ...r, key: recordKey(r), file };
}

const facts = (
  signals: Signal[],
  records: TrackedRecord[] = [],
  links: LinkFacts[] = [],
  cli: PlanFacts["cli"] = "claude",
): PlanFacts => ({
  cli,
  sessionId: "me",
  repoKey: "repo",
  transcriptPath: "/t/me.jsonl",
  now: NOW,
  signals,
  records,
  links,
});

const OPTIONS: PlanDecisionOptions = { outcomes: ["accepted", "rejected"], abandonAfterMinutes: 60 };

/** A readable summary: "outcome/resolution:text-start" per export, and what tracking does. */
function summary(f: PlanFacts, options = OPTIONS) {
  const a = decidePlanExport(f, options);
  return {
    exports: a.exports.map((e) => `${e.outcome}/${e.resolution}:${e.text.slice(2, 8)}`),
    put: a.put.map((p) => `${p.kind}:${p.status}`),
    drop: a.drop.length,
    settles: a.exports.reduce((n, e) => n + e.settles.length, 0),
    link: a.setLink ? "set" : a.removeLinks.length ? "removed" : "-",
  };
}

const open = record({});
const other = record({ sessionId: "other" });
const cleared = record({ sessionId: "old", status: "cleared" });
const draft = record({ kind: "draft", text: undefined }, { state: "ok", text: B });

describe("decidePlanExport", () => {
  it.each<[string, PlanFacts, Partial<ReturnType<typeof summary>>]>([
    [
      "a plan file written is tracked as a draft",
      facts([{ kind: "plan-written", path: "/plans/x.md" }]),
      { put: ["draft:open"], exports: [] },
    ],
    [
      "a presented plan replaces its draft",
      facts([{ kind: "plan-presented", paths: ["/plans/x.md"], text: A }], [draft]),
      { put: ["attempt:open"], drop: 1 },
    ],
    [
      "a new plan while one is still open: the older one was revised",
      facts([{ kind: "plan-presented", paths: ["/plans/x.md"], text: B }], [open]),
      { exports: ["rejected/revised:Plan A"], put: ["attempt:open"] },
    ],
    [
      "an approval exports the approved (edited) text and settles the backup",
      facts(
        [{ kind: "plan-resolved", outcome: "accepted", resolution: "approved-edited", paths: [], text: B }],
        [open],
      ),
      { exports: ["accepted/approved-edited:Plan B"], settles: 1 },
    ],
    [
      "a rejection exports what the user saw (the backup), not the file edited since",
      facts([{ kind: "plan-resolved", outcome: "rejected", resolution: "feedback", paths: [], text: B }], [open]),
      { exports: ["rejected/feedback:Plan A"] },
    ],
    [
      "no text anywhere: nothing to export",
      facts([{ kind: "plan-resolved", outcome: "accepted", resolution: "approved", paths: [] }]),
      { exports: [] },
    ],
    [
      "Claude's turn ended with the dialog open: feedback",
      facts([{ kind: "turn-ended" }], [open]),
      { exports: ["rejected/feedback:Plan A"] },
    ],
    [
      "a prompt: the dialog was dismissed",
      facts([{ kind: "prompt" }], [open, other]),
      { exports: ["rejected/dismissed:Plan A"], settles: 1 },
    ],
    [
      "a vanished plan file is dropped, not exported",
      facts(
        [{ kind: "prompt" }],
        [record({}, { state: "missing" }), record({ text: B, path: "/e.md" }, { state: "empty" })],
      ),
      { exports: [], drop: 2 },
    ],
    [
      "session end (clear): wait for the next session",
      facts([{ kind: "session-ended", reason: "clear" }], [open]),
      { put: ["attempt:cleared"], exports: [] },
    ],
    [
      "session end (exit): abandoned, the draft read from its file",
      facts([{ kind: "session-ended", reason: "prompt_input_exit" }], [open, { ...draft, sessionId: "me" }]),
      { exports: ["rejected/abandoned:Plan A", "rejected/abandoned:Plan B"], put: ["attempt:ended", "draft:ended"] },
    ],
    ["a start by clear opens a link (Claude)", facts([{ kind: "session-started", source: "clear" }]), { link: "set" }],
    [
      "Codex clears need no link",
      facts([{ kind: "session-started", source: "clear" }], [], [], "codex"),
      { link: "-" },
    ],
    [
      "a start sweeps other sessions' ended and stale plans only",
      facts(
        [{ kind: "session-started", source: "startup" }],
        [record({ sessionId: "x", status: "ended" }), record({ sessionId: "y", at: NOW - 2 * HOUR, text: B }), other],
      ),
      { exports: ["rejected/abandoned:Plan A", "rejected/abandoned:Plan B"], settles: 2 },
    ],
    [
      "a decided plan whose file failed is written again first",
      facts([], [record({ kind: "decided", outcome: "accepted", resolution: "approved", text: B })]),
      { exports: ["accepted/approved:Plan B"] },
    ],
  ])("%s", (_label, input, expected) => expect(summary(input)).toMatchObject(expected));

  it("only the configured outcomes are written; the others are settled without a file", () => {
    const f = facts([{ kind: "prompt" }], [open]);
    expect(summary(f, { outcomes: ["accepted"], abandonAfterMinutes: 60 })).toMatchObject({ exports: [], drop: 1 });
  });
});

describe("continuation links (Claude's clear context)", () => {
  const link = { sessionId: "me", repoKey: "repo", transcriptPath: "/t/me.jsonl", startedAt: NOW - 1000 };
  it.each<[string, Signal[], LinkFacts["evidence"], Partial<ReturnType<typeof summary>>]>([
    [
      "the transcript shows the injected plan: accepted",
      [],
      { planText: A, fromSessionId: "old" },
      { exports: ["accepted/approved-clear-context:Plan A"], link: "removed" },
    ],
    ["not written yet, no prompt: undecided", [], {}, { exports: [], link: "-" }],
    [
      "a prompt without it: a manual /clear",
      [{ kind: "prompt" }],
      {},
      { exports: ["rejected/dismissed:Plan A"], link: "removed" },
    ],
    [
      "the turn ended without it: a manual /clear",
      [{ kind: "turn-ended" }],
      {},
      { exports: ["rejected/dismissed:Plan A"] },
    ],
  ])("%s", (_label, signals, evidence, expected) => {
    expect(summary(facts(signals, [cleared], [{ link, evidence }]))).toMatchObject(expected);
  });

  it("an edited plan approved with clear context supersedes the backup", () => {
    const a = decidePlanExport(facts([], [cleared], [{ link, evidence: { planText: B } }]), OPTIONS);
    expect(a.exports.map((e) => [e.text, e.sessionId, e.sourcePath, e.settles.length])).toEqual([
      [B, "old", "/plans/x.md", 1],
    ]);
  });

  it("a link nobody settled within the hour counts as a manual /clear", () => {
    const stale = { ...link, sessionId: "gone", startedAt: NOW - 2 * HOUR };
    const older = record({ sessionId: "old", status: "cleared", at: NOW - 3 * HOUR });
    expect(summary(facts([], [older], [{ link: stale, evidence: {} }]))).toMatchObject({
      exports: ["rejected/dismissed:Plan A"],
      link: "removed",
    });
  });
});
