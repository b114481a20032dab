import type { RecordedSession } from "@hookrail/core/session-record";
import { describe, expect, it } from "vitest";
import {
  type BranchDriftFacts,
  DRIFT_HEADLINE,
  decideBranchDrift,
  findMoves,
  type LiveCheckout,
  needsAncestry,
  REFRESH_AFTER_MS,
} from "../src/index.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);
const NOW = 1_000_000_000;
const told: RecordedSession = { sessionId: "s", updatedAt: NOW - 1000, worktree: "/repo", branch: "feature", head: A };
const live: LiveCheckout = { worktree: "/repo", branch: "feature", head: A };
const facts = (over: Partial<BranchDriftFacts>): BranchDriftFacts => ({
  told,
  live,
  notesReachModel: true,
  now: NOW,
  ...over,
});

describe("decideBranchDrift", () => {
  it.each<[string, Partial<BranchDriftFacts>, "allow" | "note", boolean]>([
    ["git cannot read the checkout: silent, keep the record", { live: null }, "allow", false],
    ["no record (installed mid-session): learn silently", { told: undefined }, "allow", true],
    ["nothing moved: silent, nothing to write", {}, "allow", false],
    [
      "nothing moved for a while: refresh the record",
      { told: { ...told, updatedAt: NOW - REFRESH_AFTER_MS } },
      "allow",
      true,
    ],
    ["own commits on the same branch: silent, remember", { live: { ...live, head: B }, descends: true }, "allow", true],
    [
      "first commit of an empty repo: silent, remember",
      { told: { ...told, head: null }, live: { ...live, head: B } },
      "allow",
      true,
    ],
    ["branch switched: note, remember", { live: { ...live, branch: "main" } }, "note", true],
    ["switched to detached HEAD: note", { live: { ...live, branch: null } }, "note", true],
    ["reset or rebase (HEAD not a descendant): note", { live: { ...live, head: B }, descends: false }, "note", true],
    ["worktree path changed: note", { live: { ...live, worktree: "/repo-other" } }, "note", true],
    [
      "a move the model cannot see here (Gemini BeforeTool): silent, keep the move",
      { live: { ...live, branch: "main" }, notesReachModel: false },
      "allow",
      false,
    ],
    [
      "no record and the model cannot see notes: still learn silently",
      { told: undefined, notesReachModel: false },
      "allow",
      true,
    ],
  ])("%s", (_label, over, type, remember) => {
    const outcome = decideBranchDrift(facts(over));
    expect([outcome.decision.type, outcome.remember]).toEqual([type, remember]);
    if (outcome.decision.type === "note") expect(outcome.decision.context.startsWith(DRIFT_HEADLINE)).toBe(true);
  });
});

describe("findMoves and needsAncestry", () => {
  it.each<[string, Partial<LiveCheckout>, boolean | undefined, string[], boolean]>([
    ["same", {}, undefined, [], false],
    ["HEAD moved, same branch: ask git about ancestry", { head: B }, undefined, [], true],
    ["HEAD moved, not a descendant", { head: B }, false, ["history"], true],
    ["branch and HEAD moved: the branch says it all", { branch: "main", head: B }, undefined, ["branch"], false],
    ["worktree and branch", { worktree: "/elsewhere", branch: "x" }, undefined, ["worktree", "branch"], false],
  ])("%s", (_label, over, descends, moves, needs) => {
    const now = { ...live, ...over };
    expect(findMoves(told, now, descends)).toEqual(moves);
    expect(needsAncestry(told, now)).toBe(needs);
  });
});
