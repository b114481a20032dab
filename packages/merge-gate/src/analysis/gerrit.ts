// Gerrit lands a change on its branch when the change is submitted: by a push for review that asks for it
// (`git push origin HEAD:refs/for/main%submit`, or with `-o submit`), by `ssh … gerrit review --submit`, by the REST
// API's submit (`POST /changes/<id>/submit`), or by voting the Autosubmit label (the autosubmit plugin submits the
// change once its requirements pass). A change into a branch that is not protected lands there, and runs.
import {
  type Arg,
  addUnprovable,
  type Invocation,
  is,
  maySplit,
  type ScannedOption,
  scanInterspersed,
  unknownPart,
} from "@hookrail/shell/engine";
import { type ApiParams, paramValues, safeDecodeUri } from "./api-params.ts";
import { addMerge, type Ctx } from "./context.ts";
import { isProtected } from "./protected-branch.ts";
import type { AnalysisFacts } from "./types.ts";

/** What a push for review asks Gerrit to do: the change's branch, and whether Gerrit submits it. */
export interface ReviewPush {
  branch: string;
  submit: boolean;
}

// The refs a push for review goes to (`refs/publish/` is the older spelling of `refs/for/`), with Gerrit's options
// after `%`: `refs/for/main%submit,topic=x`.
const REVIEW_REF = /^refs\/(?:for|publish)\/(.+)$/;

/** A push's destination read as Gerrit's review ref; undefined when it is not one. */
export function reviewPush(destination: string, pushOptions: readonly string[]): ReviewPush | undefined {
  const m = REVIEW_REF.exec(destination);
  if (!m) return undefined;
  const [ref = "", options = ""] = (m[1] ?? "").split(/%(.*)/s);
  const branch = ref.replace(/^refs\/heads\//, "");
  return { branch, submit: [...options.split(","), ...pushOptions].some(asksSubmit) };
}

/** A Gerrit push option that submits: `submit`, or a vote on Autosubmit (`l=Autosubmit`, `label=Autosubmit+1`). */
function asksSubmit(option: string): boolean {
  const o = option.trim();
  if (/^submit$/i.test(o)) return true;
  const vote = /^(?:l|label)=autosubmit(?:([+-]?\d+))?$/i.exec(o);
  return vote !== null && positive(vote[1] ?? "1");
}

/** Is a vote's score (`+1`, `1`, `2`; not `0`, `-1`) one that sets the label (Autosubmit)? */
export const positive = (score: string) => /^\+?0*[1-9]\d*$/.test(score.trim());

/** The route of a push for review that Gerrit submits into `branch`. */
export const pushSubmitRoute = (branch: string) => `git push gerrit submit into ${branch}`;

/** A push option known only in part may ask for a submit, unless its known part names another option (`topic=$T`). */
function mayAskSubmit(text: string): boolean {
  const key = /^([A-Za-z][\w.-]*)=/.exec(text)?.[1];
  return key === undefined || /^(?:l|label)$/i.test(key);
}

const expands = (text: string) => /[$`]/.test(text);

/** git push's `-o` values: those known, and the text of those known only at run time. */
function pushOptions(options: readonly ScannedOption[]): { known: string[]; unknown: string[] } {
  const values = options.filter((o) => o.name === "-o" || o.name === "--push-option").map((o) => o.value);
  return {
    known: values.flatMap((v) => (v?.value ? [v.value] : [])),
    unknown: values.flatMap((v) => (v !== undefined && v.value === null ? [v.text] : [])),
  };
}

/**
 * `git push <remote> <src>:refs/for/<branch>%submit`: a submit into `branch` when it is protected. A push option
 * known only at run time may ask for it (not one whose known part names another: `-o topic=$T`). False when the
 * destination is no review ref.
 */
export function judgeReviewPush(
  inv: Invocation,
  ctx: Ctx,
  destination: string,
  options: readonly ScannedOption[],
): boolean {
  const given = pushOptions(options);
  const review = reviewPush(destination, given.known);
  if (review === undefined) return false;
  judgeReview(inv, ctx, review, given.unknown);
  return true;
}

/**
 * A refspec known only in part whose review ref is known up to its options (`HEAD:refs/for/main%topic=$T`): judged
 * as a push for review, each option known only at run time read by its known part. False when it is not one.
 */
export function judgePartialReviewPush(
  inv: Invocation,
  ctx: Ctx,
  refspec: Arg,
  options: readonly ScannedOption[],
): boolean {
  // Unquoted, the expansion may split the refspec into several, one of them anywhere.
  if (maySplit(refspec)) return false;
  const m = /(?:^|:)(refs\/(?:for|publish)\/[^%]*)(?:%(.*))?$/s.exec(refspec.text);
  if (!m || expands(m[1] ?? "")) return false;
  const inRef = (m[2] ?? "").split(",");
  const given = pushOptions(options);
  const review = reviewPush(m[1] ?? "", [...inRef.filter((p) => !expands(p)), ...given.known]);
  if (review === undefined) return false;
  judgeReview(inv, ctx, review, [...inRef.filter(expands), ...given.unknown]);
  return true;
}

function judgeReview(inv: Invocation, ctx: Ctx, review: ReviewPush, unknownOptions: readonly string[]): void {
  if (!isProtected(review.branch, ctx.facts.protectedBranches)) return;
  if (review.submit) addMerge(ctx, inv, pushSubmitRoute(review.branch));
  else if (unknownOptions.some(mayAskSubmit)) {
    addUnprovable(
      ctx,
      inv,
      `it passes Gerrit push options known only at run time, which may submit into ${review.branch}`,
    );
  }
}

// `gerrit review`'s options that take a value (its label options, `--code-review N` and the others a project
// defines, are read by name below).
const REVIEW_OPTIONS = {
  short: "pbmntl",
  long: ["--project", "--branch", "--message", "--notify", "--tag", "--label", "--move", "--code-review", "--verified"],
};

export const SSH_SUBMIT = "gerrit review --submit";
export const SSH_AUTOSUBMIT = "gerrit review --label Autosubmit";

/**
 * `gerrit review` (Gerrit's ssh command): `--submit` (`-s`) submits the changes it names; a vote on Autosubmit
 * (`--label Autosubmit=+1`, `--autosubmit +1`) has them submitted once they may be. `--branch` names their branch.
 */
export function gerritCommand(inv: Invocation, ctx: Ctx): void {
  const args = inv.args.slice(1);
  const s = scanInterspersed(args, REVIEW_OPTIONS);
  const [command] = s.operands;
  if (command === undefined || command.value === null) {
    if (command !== undefined || inv.open) unknownPart(ctx, inv, "the gerrit command is known only at run time");
    return;
  }
  if (!is(command, "review") || s.options.some((o) => o.name === "-h" || o.name === "--help")) return;
  const submit = s.options.some((o) => o.name === "--submit" || o.name === "-s");
  const autosubmit = autosubmitVote(s.options, args);
  if (!submit && autosubmit === false) return;
  if (autosubmit === undefined && !submit) {
    unknownPart(ctx, inv, "its vote on the Autosubmit label is known only at run time");
    return;
  }
  const branch = s.options.findLast((o) => o.name === "--branch" || o.name === "-b")?.value;
  if (branch?.value === null) {
    addUnprovable(ctx, inv, "it submits changes into a branch named only at run time");
    return;
  }
  if (branch !== undefined && !isProtected(branch.value, ctx.facts.protectedBranches)) return;
  const into = branch ? ` into ${branch.value}` : "";
  addMerge(ctx, inv, `${submit ? SSH_SUBMIT : SSH_AUTOSUBMIT}${into}`);
}

/** Does `gerrit review` vote Autosubmit up? undefined: a vote known only at run time. */
function autosubmitVote(options: readonly ScannedOption[], args: readonly Arg[]): boolean | undefined {
  let vote: boolean | undefined = false;
  for (const o of options) {
    if (o.name === "--label" || o.name === "-l") {
      if (o.value?.value === null) vote = undefined;
      const m = /^autosubmit=(.*)$/i.exec(o.value?.value ?? "");
      if (m) vote = positive(m[1] ?? "");
    } else if (/^--autosubmit$/i.test(o.name)) {
      // `--autosubmit=+1`, or `--autosubmit +1` (the score is then the next word).
      const score = o.value ?? args[args.findIndex((a) => a.value !== null && /^--autosubmit$/i.test(a.value)) + 1];
      vote = score === undefined ? false : score.value === null ? undefined : positive(score.value);
    }
  }
  return vote;
}

// The REST API's submit: POST /changes/<id>/submit, or …/revisions/<revision>/submit (with or without `/a/`).
const SUBMIT = /(?:^|\/)changes\/([^/?#\s"']+)(?:\/revisions\/[^/?#\s"']+)?\/submit\/?(?:$|[?#\s"'])/i;
// A review that votes: POST /changes/<id>/revisions/<revision>/review with `labels`.
const REVIEW = /(?:^|\/)changes\/([^/?#\s"']+)\/revisions\/[^/?#\s"']+\/review\/?(?:$|[?#\s"'])/i;

export type GerritVerdict = { merge: string } | { unknown: string } | null;

/**
 * A REST call that submits a change, or votes Autosubmit on it. The change's id names its branch when it is the
 * `project~branch~Change-Id` triplet: a change into a branch that is not protected runs.
 */
export function gerritRoute(url: string, method: string, params: ApiParams, facts: AnalysisFacts): GerritVerdict {
  if (/^(GET|HEAD|DELETE)$/i.test(method)) return null;
  const submit = SUBMIT.exec(url) ?? SUBMIT.exec(safeDecodeUri(url));
  const review = submit ? undefined : (REVIEW.exec(url) ?? REVIEW.exec(safeDecodeUri(url)));
  const id = submit?.[1] ?? review?.[1];
  if (id === undefined) return null;
  const branch = changeBranch(id);
  if (branch !== undefined && !isProtected(branch, facts.protectedBranches)) return null;
  const into = branch ? ` into ${branch}` : "";
  if (submit) return { merge: `gerrit submit endpoint${into}` };
  const votes = paramValues(params, url, "Autosubmit");
  if (votes.known.some(positive)) return { merge: `gerrit autosubmit vote${into}` };
  return votes.unknown ? { unknown: "the review's votes are known only at run time" } : null;
}

/** The branch of a change id written as `project~branch~Change-Id` (each part URL-encoded). */
export function changeBranch(id: string): string | undefined {
  const parts = id.split(/~|%7e/i);
  if (parts.length !== 3) return undefined;
  return safeDecodeUri(parts[1] ?? "").replace(/^refs\/heads\//, "");
}

/** What the block reason says a Gerrit finding does (undefined: not one). */
export function gerritText(route: string): string | undefined {
  const m =
    /(git push gerrit submit|gerrit review --submit|gerrit review --label Autosubmit|gerrit submit endpoint|gerrit autosubmit vote)(?: into (.+))?$/.exec(
      route,
    );
  if (!m) return undefined;
  const into = m[2] ? `protected branch ${m[2]}` : "its branch";
  switch (m[1]) {
    case "git push gerrit submit":
      return `pushes a change for review and has Gerrit submit it into ${into}`;
    case "gerrit review --submit":
    case "gerrit submit endpoint":
      return `submits a Gerrit change into ${into}`;
    default:
      return `votes Autosubmit on a Gerrit change, which submits it into ${into} once it may be`;
  }
}
