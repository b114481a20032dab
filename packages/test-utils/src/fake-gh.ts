// A fake `gh` for tests of approval mode review: `gh pr view <N> --json …` answers the way GitHub's CLI does
// (its JSON shapes: reviews with author and commit, statusCheckRollup of CheckRun and StatusContext entries),
// or fails the way it does offline; every other call is logged and echoed. Each call is one JSON line in the
// log, like the conformance suite's logging stubs, so "did the merge run" is a fact.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface FakeReview {
  login: string;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED" | "PENDING";
  /** The commit the review was made on. */
  commit: string;
}

export interface FakeCheck {
  name: string;
  /** A CheckRun (GitHub Actions) by default; `status` a commit status (StatusContext). */
  kind?: "check" | "status";
  status?: "COMPLETED" | "IN_PROGRESS" | "QUEUED";
  conclusion?: "SUCCESS" | "FAILURE" | "NEUTRAL" | "SKIPPED" | "CANCELLED" | "TIMED_OUT" | null;
  /** For a commit status. */
  state?: "SUCCESS" | "FAILURE" | "ERROR" | "PENDING";
}

export interface FakePullRequest {
  number: number;
  head: string;
  reviewDecision: "APPROVED" | "CHANGES_REQUESTED" | "REVIEW_REQUIRED" | "";
  reviews: FakeReview[];
  checks: FakeCheck[];
}

/** What `gh pr view <selector>` does: print a pull request, or fail with gh's message and exit code. */
export type FakeGhAnswer = { pr: FakePullRequest } | { fail: string; exitCode?: number } | { hangMs: number };

/** gh's message when api.github.com cannot be reached. */
export const GH_OFFLINE =
  "error connecting to api.github.com\ncheck your internet connection or https://githubstatus.com";

/** A 40-hex commit id from a short name, for readable tests. */
export const sha = (name: string) => Buffer.from(name).toString("hex").padEnd(40, "0").slice(0, 40);

/** The pull request as `gh pr view --json number,headRefOid,reviewDecision,reviews,statusCheckRollup` prints it. */
export function prViewJson(pr: FakePullRequest): Record<string, unknown> {
  const at = "2026-11-30T10:00:00Z";
  return {
    number: pr.number,
    headRefOid: pr.head,
    reviewDecision: pr.reviewDecision,
    reviews: pr.reviews.map((r, i) => ({
      id: `PRR_kwDOAbc${i}`,
      author: { login: r.login },
      authorAssociation: "MEMBER",
      body: "",
      submittedAt: at,
      includesCreatedEdit: false,
      reactionGroups: [],
      state: r.state,
      commit: { oid: r.commit },
    })),
    statusCheckRollup: pr.checks.length
      ? pr.checks.map((c) =>
          c.kind === "status"
            ? {
                __typename: "StatusContext",
                context: c.name,
                startedAt: at,
                state: c.state ?? "SUCCESS",
                targetUrl: "",
              }
            : {
                __typename: "CheckRun",
                completedAt: c.status === "COMPLETED" || c.status === undefined ? at : "0001-01-01T00:00:00Z",
                conclusion: c.conclusion === undefined ? "SUCCESS" : (c.conclusion ?? ""),
                detailsUrl: `https://github.com/acme/app/actions/runs/1/job/${c.name}`,
                name: c.name,
                startedAt: at,
                status: c.status ?? "COMPLETED",
                workflowName: "CI",
              },
        )
      : null,
  };
}

/**
 * Writes `gh` into `binDir` (put it first on PATH). `answers` are by selector as the command gives it ("12",
 * a URL, a branch; "" for the current branch's pull request).
 */
export function writeFakeGh(binDir: string, logFile: string, answers: Record<string, FakeGhAnswer>): string {
  mkdirSync(binDir, { recursive: true });
  const data: Record<string, unknown> = {};
  for (const [selector, answer] of Object.entries(answers)) {
    data[selector] = "pr" in answer ? { json: prViewJson(answer.pr) } : answer;
  }
  const file = join(binDir, "gh");
  const script = `#!${process.execPath}
const fs = require("node:fs");
const argv = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(logFile)}, JSON.stringify({ name: "gh", argv, cwd: process.cwd(), t: Date.now() }) + "\\n");
const answers = ${JSON.stringify(data)};
if (argv[0] === "pr" && argv[1] === "view" && argv.includes("--json")) {
  const fields = argv[argv.indexOf("--json") + 1].split(",");
  const words = argv.slice(2).filter((w, i, all) => !w.startsWith("-") && !["-R", "--repo", "--json"].includes(all[i - 1]));
  const answer = answers[words[0] ?? ""];
  if (!answer) {
    process.stderr.write("no pull requests found for branch \\"feature\\"\\n");
    process.exit(1);
  }
  if (answer.hangMs) setTimeout(() => process.exit(0), answer.hangMs);
  else if (answer.fail) {
    process.stderr.write(answer.fail + "\\n");
    process.exit(answer.exitCode ?? 1);
  } else {
    const out = {};
    for (const f of fields) if (f in answer.json) out[f] = answer.json[f];
    process.stdout.write(JSON.stringify(out, null, 2) + "\\n");
  }
} else process.stdout.write("fake gh: " + argv.join(" ") + "\\n");
`;
  writeFileSync(file, script);
  chmodSync(file, 0o755);
  return file;
}
