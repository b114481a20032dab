// A comment that tells a merge bot to merge is a merge: `@mergifyio queue`, `bors r+`, `@dependabot merge`,
// GitLab's `/merge` quick action. Read in what a command posts as a comment, review or merge request note or
// description (gh, glab, their `api`, HTTP clients, GraphQL). Prose about merging is not a command: each bot
// reads its command at the start of a line, and so does this.
import type { ApiParams } from "./api-params.ts";
import { decodeJsonEscapes, safeDecodeUri } from "./api-params.ts";
import { labelsMerge } from "./merge-labels.ts";

// The bots and their merging commands (docs/bot-commands in the README lists them). Cancelling forms
// (`bors r-`, `bors merge-`, `@dependabot cancel merge`, `@mergifyio dequeue`) do not match.
const COMMANDS: readonly RegExp[] = [
  // Mergify: queue (and the older merge), requeue after a failed check.
  /^@mergify(?:io)?[\s,:]+(?:queue|merge|requeue)(?![-\w])/i,
  // bors-ng, bors (Rust), homu: r+ and r=<reviewer> approve and merge; merge and retry do too.
  /^@?bors[\s,:]+(?:r\+|r=\S*|merge(?![-\w])|retry(?![-\w]))/i,
  // Dependabot: merge, squash and merge (merge when checks pass).
  /^@dependabot[\s,:]+(?:squash\s+and\s+)?merge(?![-\w])/i,
  // GitLab's quick action (and bots that take the same form), Trunk's and Aviator's merge queues.
  /^\/(?:merge|trunk\s+merge|aviator\s+merge)(?![-\w])/i,
  /^@aviator-app[\s,:]+merge(?![-\w])/i,
  // Prow (Kubernetes' bot): /lgtm and /approve add the labels its merge robot, Tide, merges on; lifting the hold
  // (`/hold cancel`, `/unhold`, `/remove-hold`) lets Tide merge. Their cancelling forms do not match.
  /^\/(?:lgtm|approve)(?:\s+no-issue)?\s*$/i,
  /^\/(?:hold\s+cancel|unhold|remove-hold)\s*$/i,
];

/** The first merge bot command among the text's lines (after leading blanks and `>`-free markdown), if any. */
export function botMergeCommand(text: string): string | undefined {
  for (const raw of decodeJsonEscapes(text).split(/\r?\n/)) {
    const line = raw.replace(/^[\s*_-]+/, "");
    for (const command of COMMANDS) {
      const m = command.exec(line);
      if (m) return m[0];
    }
    const labels = labelAction(line);
    if (labels) return labels;
  }
  return undefined;
}

/**
 * GitLab's `/label ~automerge` (and `/relabel`) adds a label a merge bot merges on; `/unlabel ~do-not-merge` takes
 * off one that holds it back. Labels are `~name` or `~"two words"` (the `~` may be left out).
 */
function labelAction(line: string): string | undefined {
  const m = /^\/(label|relabel|unlabel)\s+(.+)$/i.exec(line.trim());
  if (!m) return undefined;
  const names = Array.from((m[2] ?? "").matchAll(/~?"([^"]*)"|~?([^\s~"]+)/g), (t) => t[1] ?? t[2] ?? "");
  const off = (m[1] ?? "").toLowerCase() === "unlabel";
  return labelsMerge(off ? [] : names, off ? names : []) ? m[0].trim() : undefined;
}

/** Could text known only in part hold a command? Its known part mentions a bot, or a line may start with it. */
export function mayHoldBotCommand(text: string): boolean {
  return (
    /mergify|bors|dependabot|aviator|\/merge|trunk|\/(?:re|un)?label|\/(?:lgtm|approve|unhold|hold|remove-hold)/i.test(
      text,
    ) || /(?:^|\n)\s*[$`]/.test(text)
  );
}

// REST routes that post or edit a comment, a review or a note: GitHub's issue and pull request comments and
// reviews, GitLab's merge request notes and discussions (and the description of a merge request it creates or edits).
const COMMENT_ROUTES =
  /(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/(?:issues\/[^/\s]+\/comments|issues\/comments\/[^/\s]+|pulls\/[^/\s]+\/(?:comments|reviews)(?:\/[^/\s]+)?)\/?(?:$|[?#\s"'])|(?:^|\/)projects\/[^?#\s"']+?\/merge_requests(?:\/[^/?#\s"']+(?:\/(?:notes|discussions)(?:\/[^?#\s"']*)?)?)?\/?(?:$|[?#\s"'])/i;

export type CommentVerdict = { merge: string } | { unknown: string } | null;

/** A write to a comment route whose text (`body`, or a merge request's `description`) holds a merge bot command. */
export function commentRoute(url: string, method: string, params: ApiParams): CommentVerdict {
  if (/^(GET|HEAD|DELETE)$/i.test(method) || !COMMENT_ROUTES.test(safeDecodeUri(url))) return null;
  const texts = textParams(params, url, ["body", "description", "note"]);
  const command = texts.known.map(botMergeCommand).find((c) => c !== undefined);
  if (command) return { merge: `bot command ${command}` };
  return texts.unknown ? { unknown: "the comment's text is known only at run time" } : null;
}

/** The full text values of these parameters: gh fields, JSON bodies, form and query strings. */
export function textParams(
  params: ApiParams,
  url: string,
  names: readonly string[],
): { known: string[]; unknown: boolean } {
  const known: string[] = [];
  let unknown = params.hidden;
  for (const f of params.fields) {
    if (f.name === null) unknown = true;
    else if (names.includes(f.name)) {
      if (f.value === null) unknown = true;
      else known.push(f.value);
    }
  }
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  for (const body of [...params.bodies, { text: query, dynamic: /[$`]/.test(query) }]) {
    const values = bodyValues(body.text, names);
    // A body with run-time parts may hold a command where those parts are.
    if (body.dynamic && (values.length > 0 || mayHoldBotCommand(body.text))) unknown = true;
    known.push(...values);
  }
  return { known, unknown };
}

/** `{"body": "…"}` (JSON, also with escapes), `body=…` (form or query, URL-encoded). */
function bodyValues(text: string, names: readonly string[]): string[] {
  const out: string[] = [];
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === "object") {
      for (const name of names) {
        const v = (json as Record<string, unknown>)[name];
        if (typeof v === "string") out.push(v);
      }
      return out;
    }
  } catch {
    // Not JSON: a form body, or JSON with parts the shell fills in.
  }
  for (const name of names) {
    const json = new RegExp(`"${name}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`, "g");
    for (const m of text.matchAll(json)) out.push(decodeJsonEscapes(m[1] ?? ""));
    const form = new RegExp(`(?:^|&)${name}=([^&]*)`, "g");
    for (const m of text.matchAll(form)) out.push(safeDecodeUri((m[1] ?? "").replace(/\+/g, " ")));
  }
  return out;
}

// GraphQL mutations that post text: comments, reviews, notes (GitLab's createNote).
const COMMENT_MUTATION =
  /\b(?:addComment|addPullRequestReview|addPullRequestReviewComment|addPullRequestReviewThread|updateIssueComment|createNote|updateNote)\b/;

/** A GraphQL document that posts a comment holding a merge bot command (in the document or its variables). */
export function graphqlBotCommand(text: string, variables: ApiParams): string | undefined {
  const decoded = decodeJsonEscapes(text);
  if (!COMMENT_MUTATION.test(decoded)) return undefined;
  const literals = Array.from(decoded.matchAll(/\bbody\s*:\s*"((?:[^"\\]|\\.)*)"/g), (m) =>
    decodeJsonEscapes(m[1] ?? ""),
  );
  const vars = variables.fields.flatMap((f) => (f.value === null ? [] : [f.value]));
  return [...literals, ...vars].map(botMergeCommand).find((c) => c !== undefined);
}
