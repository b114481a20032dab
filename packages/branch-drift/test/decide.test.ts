import type { RecordedSession, SessionRecord } from "@hookrail/core/session-record";
import { describe, expect, it } from "vitest";
import {
  ancestryQuestions,
  type BranchDriftFacts,
  DRIFT_HEADLINE,
  decideBranchDrift,
  findMoves,
  type LiveCheckout,
  REFRESH_AFTER_MS,
} from "../src/index.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const C = "c".repeat(40);
const NOW = 1_000_000_000;
const ON = { enabled: true };
const told: RecordedSession = { sessionId: "s", updatedAt: NOW - 1000, worktree: "/repo", branch: "feature", head: A };
const live: LiveCheckout = { worktree: "/repo", branch: "feature", head: A };
const topic: LiveCheckout = { worktree: "/repo-topic", branch: "topic", head: A };
const shell = { id: "id:call-1", command: "git switch -c topic" };
const facts = (over: Partial<BranchDriftFacts>): BranchDriftFacts => ({
  phase: "before-edit",
  told,
  live: [live],
  descends: {},
  notesReachModel: true,
  now: NOW,
  ...over,
});

type Said = "silent" | "drift" | "own";
const said = (f: BranchDriftFacts): Said => {
  const { decision } = decideBranchDrift(f, ON);
  if (decision.type !== "note") return "silent";
  return decision.context.startsWith(DRIFT_HEADLINE) ? "drift" : "own";
};
const stored = (f: BranchDriftFacts) => {
  const { record } = decideBranchDrift(f, ON);
  return record ? [record.worktree, record.branch, record.head, ...(record.others ?? []).map((o) => o.worktree)] : null;
};

describe("decideBranchDrift around edits", () => {
  it.each<[string, Partial<BranchDriftFacts>, Said, (string | null)[] | null]>([
    ["git cannot read the checkout: silent, keep the record", { live: [] }, "silent", null],
    ["no record (installed mid-session): learn silently", { told: undefined }, "silent", ["/repo", "feature", A]],
    ["nothing moved: silent, nothing to write", {}, "silent", null],
    [
      "nothing moved for a while: refresh the record",
      { told: { ...told, updatedAt: NOW - REFRESH_AFTER_MS } },
      "silent",
      ["/repo", "feature", A],
    ],
    [
      "own commits on the same branch: silent, remember",
      { live: [{ ...live, head: B }], descends: { [`${A}..${B}`]: true } },
      "silent",
      ["/repo", "feature", B],
    ],
    [
      "first commit of an empty repo: silent, remember",
      { told: { ...told, head: null }, live: [{ ...live, head: B }] },
      "silent",
      ["/repo", "feature", B],
    ],
    ["branch switched: note, remember", { live: [{ ...live, branch: "main" }] }, "drift", ["/repo", "main", A]],
    ["switched to detached HEAD: note", { live: [{ ...live, branch: null }] }, "drift", ["/repo", null, A]],
    [
      "reset or rebase (HEAD not a descendant): note",
      { live: [{ ...live, head: B }], descends: { [`${A}..${B}`]: false } },
      "drift",
      ["/repo", "feature", B],
    ],
    [
      "an edit in a checkout the session never saw (a worktree it made): learn it silently",
      { live: [topic] },
      "silent",
      ["/repo", "feature", A, "/repo-topic"],
    ],
    [
      "a move the model cannot see here (Gemini BeforeTool): silent, keep the move",
      { live: [{ ...live, branch: "main" }], notesReachModel: false },
      "silent",
      null,
    ],
    [
      "no record and the model cannot see notes: still learn silently",
      { told: undefined, notesReachModel: false },
      "silent",
      ["/repo", "feature", A],
    ],
  ])("%s", (_label, over, expected, record) => {
    expect(said(facts(over))).toBe(expected);
    expect(stored(facts(over))).toEqual(record);
  });

  it("judges a known other checkout against what the session knows of it", () => {
    const withTopic = { ...told, others: [topic] };
    expect(said(facts({ told: withTopic, live: [{ ...topic, branch: "x" }] }))).toBe("drift");
    expect(said(facts({ told: withTopic, live: [topic] }))).toBe("silent");
  });
});

describe("decideBranchDrift around the session's own shell commands", () => {
  const before = (over: Partial<BranchDriftFacts>) => facts({ phase: "before-shell", shell, ...over });
  const after = (over: Partial<BranchDriftFacts>) => facts({ phase: "after-shell", shell, ...over });

  it.each<[string, BranchDriftFacts, Said, (string | null)[] | null]>([
    ["before: nothing moved", before({}), "silent", null],
    [
      "before: someone switched the branch: the full note",
      before({ live: [{ ...live, branch: "x" }] }),
      "drift",
      ["/repo", "x", A],
    ],
    [
      "after: the command switched the branch: a short line",
      after({ live: [{ ...live, branch: "topic" }] }),
      "own",
      ["/repo", "topic", A],
    ],
    [
      "after: from a detached HEAD to a new branch: a short line",
      after({ told: { ...told, branch: null }, live: [{ ...live, branch: "topic" }] }),
      "own",
      ["/repo", "topic", A],
    ],
    [
      "after: the command amended or reset (same branch): silent",
      after({ live: [{ ...live, head: B }] }),
      "silent",
      ["/repo", "feature", B],
    ],
    [
      "after: the command made a worktree: learned silently",
      after({ live: [live, topic] }),
      "silent",
      ["/repo", "feature", A, "/repo-topic"],
    ],
    ["after: the command changed nothing", after({}), "silent", null],
  ])("%s", (_label, f, expected, record) => {
    expect(said(f)).toBe(expected);
    expect(stored(f)).toEqual(record);
  });

  it("Gemini: a move before the command is kept with the checkouts as they were, and told after it", () => {
    const moved = { ...live, branch: "x", head: B };
    const start = decideBranchDrift(before({ live: [moved], notesReachModel: false }), ON);
    expect(start.decision.type).toBe("allow");
    expect(start.record?.pending).toEqual([{ id: shell.id, before: [moved] }]);
    const held = { ...told, ...start.record } as RecordedSession;
    // The command itself then moved the checkout again: both are told, each for what it is.
    const end = decideBranchDrift(after({ told: held, live: [{ ...moved, branch: "topic", head: C }] }), ON);
    expect(end.decision.type).toBe("note");
    const text = end.decision.type === "note" ? end.decision.context : "";
    expect(text).toContain("- the branch changed (feature -> x) without this session being told");
    expect(text).toContain("branch-drift: you moved to branch topic");
    expect(end.record?.pending).toBeUndefined();
    expect(end.record?.branch).toBe("topic");
  });

  it("after: asks git about ancestry only for the part before the command", () => {
    expect(ancestryQuestions(after({ live: [{ ...live, head: B }] }))).toEqual([]);
    const held = { ...told, pending: [{ id: shell.id, before: [{ ...live, head: B }] }] };
    expect(ancestryQuestions(after({ told: held, live: [{ ...live, head: C }] }))).toEqual([[A, B]]);
    expect(ancestryQuestions(facts({ live: [{ ...live, head: B }] }))).toEqual([[A, B]]);
  });
});

describe("findMoves", () => {
  it.each<[string, Partial<SessionRecord>, boolean | undefined, string[]]>([
    ["same", {}, undefined, []],
    ["HEAD moved, same branch, git could not tell", { head: B }, undefined, []],
    ["HEAD moved, a descendant", { head: B }, true, []],
    ["HEAD moved, not a descendant", { head: B }, false, ["history"]],
    ["branch and HEAD moved: the branch says it all", { branch: "main", head: B }, undefined, ["branch"]],
  ])("%s", (_label, over, descends, moves) => {
    expect(findMoves(told, { ...live, ...over }, descends)).toEqual(moves);
  });
});

describe("decideBranchDrift with the guardrail turned off", () => {
  it("says nothing and keeps nothing, even on a branch switch", () => {
    expect(decideBranchDrift(facts({ live: [{ ...live, branch: "main" }] }), { enabled: false })).toEqual({
      decision: { type: "allow" },
    });
  });
});
