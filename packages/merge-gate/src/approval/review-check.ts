// Approval mode "review", pure: does GitHub's answer (`gh pr view --json reviewDecision,reviews,
// statusCheckRollup,headRefOid`) let the merge run? Only when the review decision is APPROVED, an approval (by a
// reviewer in `approvers`, when set) is for the head commit and is that reviewer's latest word, and every check
// on the head has passed. Anything else, and an answer that cannot be read, blocks with what GitHub said.
import * as z from "zod/mini";

/** What asking GitHub gave: its JSON, or why there is none (gh missing, offline, an error, a timeout). */
export type GitHubAnswer = { json: unknown } | { failed: string };

export type ReviewVerdict = { ok: true; pr: string } | { ok: false; answered: string };

// Built on first use: only a marked merge in mode review reads it.
const makeSchema = () => {
  const login = z.nullish(z.object({ login: z.string() }));
  const review = z.object({
    author: login,
    state: z.string(),
    commit: z.nullish(z.object({ oid: z.string() })),
    submittedAt: z.nullish(z.string()),
  });
  const check = z.object({
    __typename: z.optional(z.string()),
    name: z.optional(z.string()),
    context: z.optional(z.string()),
    status: z.optional(z.string()),
    conclusion: z.nullish(z.string()),
    state: z.optional(z.string()),
  });
  return z.object({
    number: z.optional(z.number()),
    headRefOid: z.string().check(z.minLength(7)),
    reviewDecision: z.nullish(z.string()),
    reviews: z.array(review),
    statusCheckRollup: z.nullish(z.array(check)),
  });
};
let schema: ReturnType<typeof makeSchema> | undefined;
type Answer = z.infer<ReturnType<typeof makeSchema>>;
type Check = NonNullable<Answer["statusCheckRollup"]>[number];

const PASSED = new Set(["SUCCESS", "NEUTRAL", "SKIPPED"]);

/** `pr`: the pull request as the command named it (undefined: the current branch's). */
export function judgeReview(answer: GitHubAnswer, pr: string | undefined, approvers: readonly string[]): ReviewVerdict {
  if ("failed" in answer) return { ok: false, answered: answer.failed };
  schema ??= makeSchema();
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) return { ok: false, answered: "an answer that is not a pull request's review state" };
  const a = parsed.data;
  const which = a.number !== undefined ? String(a.number) : (pr ?? "of this branch");
  const head = a.headRefOid.slice(0, 7);
  if (a.reviewDecision !== "APPROVED") {
    const decision = a.reviewDecision ? a.reviewDecision.replace(/_/g, " ").toLowerCase() : "no review decision";
    return { ok: false, answered: `pull request ${which}: ${decision}${reviewers(a)}` };
  }
  const approval = currentApproval(a, approvers);
  if (approval !== true) return { ok: false, answered: `pull request ${which}: ${approval}` };
  const checks = a.statusCheckRollup ?? [];
  const failing = checks.filter((c) => settled(c) && !passed(c));
  const pending = checks.filter((c) => !settled(c));
  if (failing.length > 0) {
    return {
      ok: false,
      answered: `pull request ${which}: checks failing on ${head}: ${failing.map(describeCheck).join(", ")}`,
    };
  }
  if (pending.length > 0) {
    return {
      ok: false,
      answered: `pull request ${which}: checks not finished on ${head}: ${pending.map(describeCheck).join(", ")}`,
    };
  }
  return { ok: true, pr: which };
}

/** true, or what is missing: an approval of the head commit that is its reviewer's latest word. */
function currentApproval(a: Answer, approvers: readonly string[]): true | string {
  const allowed = new Set(approvers.map((l) => l.toLowerCase()));
  const latest = new Map<string, Answer["reviews"][number]>();
  // Comments do not change a reviewer's standing; an approval, a change request or a dismissal does.
  for (const r of a.reviews) {
    const who = r.author?.login.toLowerCase();
    if (who && r.state !== "COMMENTED" && r.state !== "PENDING") latest.set(who, r);
  }
  const approvals = [...latest.entries()].filter(([, r]) => r.state === "APPROVED");
  const counted = approvals.filter(([who]) => allowed.size === 0 || allowed.has(who));
  const head = a.headRefOid;
  if (counted.some(([, r]) => r.commit?.oid === head)) return true;
  if (counted.length > 0) {
    const [who, r] = counted[0] as [string, Answer["reviews"][number]];
    const at = r.commit?.oid ? `commit ${r.commit.oid.slice(0, 7)}` : "an unknown commit";
    return `approved by ${who} for ${at}, not for the head ${head.slice(0, 7)} (new commits since the approval)`;
  }
  if (approvals.length > 0) {
    return `approved only by ${approvals.map(([who]) => who).join(", ")}, none of the approvers (${approvers.join(", ")})`;
  }
  return "approved, but GitHub lists no approving review";
}

function reviewers(a: Answer): string {
  const asked = a.reviews.filter((r) => r.state === "CHANGES_REQUESTED" && r.author);
  return asked.length ? ` (changes requested by ${[...new Set(asked.map((r) => r.author?.login))].join(", ")})` : "";
}

const settled = (c: Check) =>
  c.__typename === "StatusContext" || c.state !== undefined
    ? c.state !== "PENDING" && c.state !== "EXPECTED"
    : c.status === "COMPLETED";
const passed = (c: Check) =>
  PASSED.has((c.__typename === "StatusContext" || c.state !== undefined ? c.state : c.conclusion) ?? "");
const describeCheck = (c: Check) =>
  `${c.name ?? c.context ?? "a check"} (${(c.conclusion || c.state || c.status || "unknown").toLowerCase()})`;
