// Approval mode "review": GitHub's record of the owner's approval decides a merge, and the agent runs with the
// user's own login. So what would forge or remove that record is reported too: approving a pull request
// (`gh pr review --approve`, the reviews API or GraphQL with event APPROVE), dismissing a review, and the API
// routes that change which reviews and checks a merge needs or what they say (branch protection, rulesets,
// commit statuses, check runs); GitLab's merge request approval likewise. Only with `facts.review`.
import { type Arg, flagState, type Invocation, is, type ScannedOption } from "@hookrail/shell/engine";
import { type ApiParams, decodeJsonEscapes, paramValues, safeDecodeUri } from "./api-params.ts";
import { addReviewChange, type Ctx } from "./context.ts";

const REPO = String.raw`(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/`;
const END = String.raw`\/?(?:$|[?#\s"'])`;
const TAIL = String.raw`(?:\/[^?#\s"']*)?${END}`;
const route = (path: string) => new RegExp(`${REPO}${path}${END}`, "i");

// POST /pulls/{n}/reviews creates a review, POST …/reviews/{id}/events submits one: with event APPROVE, an approval.
const REVIEW_EVENT = [
  route(String.raw`pulls\/[^/\s]+\/reviews`),
  route(String.raw`pulls\/[^/\s]+\/reviews\/[^/\s]+\/events`),
];

const CHANGES: { pattern: RegExp; what: string }[] = [
  { pattern: route(String.raw`pulls\/[^/\s]+\/reviews\/[^/\s]+\/dismissals`), what: "dismisses a pull request review" },
  {
    pattern: new RegExp(`${REPO}branches\\/[^?#\\s"']+?\\/protection${TAIL}`, "i"),
    what: "changes branch protection (the reviews and checks a merge needs)",
  },
  {
    pattern: new RegExp(
      `(?:^|\\/)(?:repos\\/[^/\\s]+\\/[^/\\s]+|orgs\\/[^/\\s]+|enterprises\\/[^/\\s]+)\\/rulesets${TAIL}`,
      "i",
    ),
    what: "changes a ruleset (the reviews and checks a merge needs)",
  },
  {
    pattern: route(String.raw`statuses\/[^/\s]+`),
    what: "sets a commit status, which a merge can count as a passing check",
  },
  {
    pattern: new RegExp(`${REPO}check-runs${TAIL}`, "i"),
    what: "writes a check run, which a merge can count as a passing check",
  },
  {
    pattern: /(?:^|\/)projects\/[^?#\s"']+?\/protected_branches(?:\/[^?#\s"']*)?(?:$|[?#\s"'])/i,
    what: "changes GitLab branch protection (who may merge and push)",
  },
  {
    pattern: /(?:^|\/)projects\/[^?#\s"']+?\/merge_requests\/[^/?#\s"']+\/approve\/?(?:$|[?#\s"'])/i,
    what: "approves a merge request as you",
  },
];

const APPROVES = "approves a pull request as you";

/** A REST call's change to the review record, or undefined. `method` "?" is known only at run time. */
export function reviewRoute(url: string, method: string, params: ApiParams): string | undefined {
  if (/^(GET|HEAD)$/i.test(method)) return undefined;
  const path = safeDecodeUri(url);
  if (REVIEW_EVENT.some((p) => p.test(path))) {
    const event = paramValues(params, url, "event");
    return event.unknown || event.known.some((e) => /^approve$/i.test(e)) ? `${APPROVES} (event APPROVE)` : undefined;
  }
  return CHANGES.find((c) => c.pattern.test(path))?.what;
}

/** Records a REST call that changes the review record; true when it did. */
export function judgeReviewRoute(ctx: Ctx, inv: Invocation, url: string, method: string, params: ApiParams): boolean {
  if (!ctx.facts.review) return false;
  const what = reviewRoute(url, method, params);
  if (what) addReviewChange(ctx, inv, what);
  return what !== undefined;
}

// Approving needs event APPROVE; the others change the record whatever their arguments.
const MUTATIONS =
  /\b(addPullRequestReview|submitPullRequestReview|dismissPullRequestReview|(?:create|update|delete)BranchProtectionRule|(?:create|update|delete)RepositoryRuleset|(?:create|update)CheckRun)\b/g;

/** Records the GraphQL mutations of a document that change the review record. */
export function judgeReviewMutations(ctx: Ctx, inv: Invocation, text: string, dynamic: boolean, vars: ApiParams): void {
  if (!ctx.facts.review) return;
  const body = decodeJsonEscapes(text);
  for (const [, mutation] of body.matchAll(MUTATIONS)) {
    if (mutation === "addPullRequestReview" || mutation === "submitPullRequestReview") {
      // The event written out, or given through a variable (`event: $e`, `-f e=APPROVE`).
      const variable = /\bevent\s*:\s*\$(\w+)/.exec(body)?.[1];
      const event = paramValues(vars, "", variable ?? "event");
      const named =
        event.known.some((e) => /^approve$/i.test(e)) || (variable !== undefined && event.known.length === 0);
      const approve = dynamic || event.unknown || named || /\bAPPROVE\b/.test(body);
      if (approve) addReviewChange(ctx, inv, `sends the ${mutation} GraphQL mutation with event APPROVE (${APPROVES})`);
    } else addReviewChange(ctx, inv, `sends the ${mutation} GraphQL mutation`);
  }
}

/** `gh pr review --approve` (also `-a`, and a value known only at run time), `glab mr approve`. */
export function judgeReviewCommand(ctx: Ctx, inv: Invocation, tool: string, sub: Arg, options: ScannedOption[]): void {
  if (!ctx.facts.review) return;
  if (tool === "glab" && is(sub, "approve")) addReviewChange(ctx, inv, "approves a merge request as you");
  // A word known only at run time that starts like the flag (`--approve=$YES`) may approve too.
  const maybe = inv.args.some((a) => a.value === null && /^-(?:a|-approve)\b/.test(a.text));
  if (tool === "gh" && is(sub, "review") && (flagState({ options }, ["-a", "--approve"]) !== false || maybe)) {
    addReviewChange(ctx, inv, APPROVES);
  }
}
