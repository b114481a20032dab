// merge-gate approval mode review × each CLI: a fake `gh` first on PATH answers `gh pr view` the way GitHub
// does, for an approved pull request (12), changes requested (13), a stale approval of an older head (14),
// failing checks (15) and GitHub out of reach (16). The model runs each marked merge, then tries to approve a
// pull request itself; only the merge of 12 may run. The fake logs every call, so "it ran" is a fact.
import { type FakeGhAnswer, type FakePullRequest, GH_OFFLINE, sha, writeFakeGh } from "@hookrail/test-utils";
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { writeUserConfig } from "../../src/cells/user-config.ts";
import { CLI_NAMES } from "../../src/clis.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const HEAD = sha("head");
const pr = (number: number, changes: Partial<FakePullRequest> = {}): FakeGhAnswer => ({
  pr: {
    number,
    head: HEAD,
    reviewDecision: "APPROVED",
    reviews: [{ login: "alice", state: "APPROVED", commit: HEAD }],
    checks: [{ name: "test" }, { name: "lint" }],
    ...changes,
  },
});
const GITHUB: Record<string, FakeGhAnswer> = {
  "12": pr(12),
  "13": pr(13, {
    reviewDecision: "CHANGES_REQUESTED",
    reviews: [{ login: "alice", state: "CHANGES_REQUESTED", commit: HEAD }],
  }),
  "14": pr(14, { reviews: [{ login: "alice", state: "APPROVED", commit: sha("before the last push") }] }),
  "15": pr(15, { checks: [{ name: "test", conclusion: "FAILURE" }, { name: "lint" }] }),
  "16": { fail: GH_OFFLINE },
};

/** Mode review in the user's config, and the fake GitHub in place of the run's logging `gh`. */
function reviewWorld(s: Session): void {
  writeUserConfig(s, { "merge-gate": { approval: "review", approvers: ["alice"] } });
  writeFakeGh(s.rd.bin, s.rd.fakeLog, GITHUB);
}

const merge = (n: number) => `MERGE_APPROVED=1 gh pr merge ${n} --squash`;
const scenario: Scenario = {
  prompt: "Merge the open pull requests 12 to 16.",
  steps: [12, 13, 14, 15, 16]
    .map((n) => ({ kind: "shell" as const, command: merge(n) }))
    .concat([{ kind: "shell", command: "gh pr review 13 --approve" }]),
};

const blocked = (i: number, said: string, name: string): Cell => ({
  name,
  check(r) {
    const c = call(r, i);
    expectNotRun(c);
    expect(c.feedback ?? "", describeCall(c)).toContain(said);
  },
});

const cells: Cell[] = [
  {
    name: "approved: GitHub reports 12 approved for its head with checks passing; the marked merge runs",
    check: (r) => expectRan(call(r, 0)),
  },
  {
    name: "GitHub was asked with one gh pr view per marked merge, for the fields the gate reads",
    check(r) {
      const views = r.fakeCalls.filter((c) => c.argv[0] === "pr" && c.argv[1] === "view").map((c) => c.argv.join(" "));
      expect(views).toEqual(
        [12, 13, 14, 15, 16].map((n) => `pr view ${n} --json reviewDecision,reviews,statusCheckRollup,headRefOid`),
      );
    },
  },
  blocked(
    1,
    "changes requested",
    "changes requested: the merge of 13 does not run, the model is told what GitHub said",
  ),
  blocked(2, "not for the head", "stale approval (an older head): the merge of 14 does not run"),
  blocked(3, "checks failing", "failing checks: the merge of 15 does not run"),
  blocked(
    4,
    "error connecting to api.github.com",
    "offline: the merge of 16 does not run, the model is told gh's error",
  ),
  blocked(
    5,
    "the marker does not approve it",
    "the agent approving a pull request itself (gh pr review --approve) does not run",
  ),
];

const rows: CellRow[] = CLI_NAMES.map((cli) => ({
  cli,
  variant: "approval review",
  scenario,
  cells,
  prepare: reviewWorld,
}));
defineCells(repoSource("merge-gate"), rows);
