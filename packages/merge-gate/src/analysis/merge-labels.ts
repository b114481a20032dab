// A label a merge bot merges on is a merge: Kodiak's and automerge-action's `automerge`, bulldozer's `merge when
// ready`, the `ready-to-merge` or `merge-queue` label a Mergify rule or a workflow waits for. Taking off a label that
// holds a bot back (`do-not-merge`, Prow's `do-not-merge/hold`) lets it merge too, and so does adding Prow's `lgtm`
// or `approved`, which Tide merges on. Which label a project's bot reads is its own config; the gate reads the
// label's words: one that asks for a merge, not one that holds it off.
import { type ApiParams, decodeJsonEscapes, safeDecodeUri } from "./api-params.ts";

/** A label's words: lower case, separators (`-`, `_`, `:`, `/`, `.`) read as spaces. */
const words = (label: string) =>
  ` ${label
    .toLowerCase()
    .replace(/[\s\-_:/.,'"\u2019]+/g, " ")
    .trim()} `;

// Words that make a merge label say the opposite (`do-not-merge`, `merge conflict`, `merge after release`).
const HOLDS_OFF =
  / (?:do not|dont|don t|no|not|never|wont|won t|hold|on hold|blocked|block|blocker|wip|conflicts?|conflicted|later|after|wait|waiting|skip|manual|manually|stop|cancel|cancelled|canceled|needs?|failed|pending) /;
// Words that ask a bot to merge: `merge` as a word, `automerge`, `autosquash`, `mergequeue`, `ship it`; not `merge`
// as a noun's first word (`merge-request`, `merge commit`).
const ASKS = / (?:merge|auto ?merge|auto ?squash|merge ?queue|ship ?it) /;
const NOUNS = / merge (?:requests?|commits?|method|strategy|base) /;

// The labels Prow's merge robot, Tide, merges on (with both on, and no hold, it merges).
const TIDE = /^ (?:lgtm|approved) $/;

/** Does adding this label ask a merge bot to merge? */
export function mergeLabel(label: string): boolean {
  const w = words(label);
  return TIDE.test(w) || (ASKS.test(w) && !HOLDS_OFF.test(w) && !NOUNS.test(w));
}

/** Does this label hold a merge bot back, so that taking it off lets the bot merge? */
export function holdLabel(label: string): boolean {
  const w = words(label);
  return (
    / (?:do not|dont|don t|no|not) merge /.test(w) || / merge (?:hold|blocked) /.test(w) || /^ (?:on )?hold $/.test(w)
  );
}

/** The labels a value names: a comma-separated list, an array of names, or of `{name}` objects (as APIs take them). */
export function labelNames(value: unknown): string[] {
  if (typeof value === "string")
    return value
      .split(",")
      .map((s) => s.trim().replace(/^~/, ""))
      .filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(labelNames);
  if (value && typeof value === "object" && typeof (value as { name?: unknown }).name === "string") {
    return labelNames((value as { name: string }).name);
  }
  return [];
}

/** What a change of labels does to a merge bot: the label it adds or takes off, described; undefined: nothing. */
export function labelsMerge(added: readonly string[], removed: readonly string[]): string | undefined {
  const asks = added.find(mergeLabel);
  if (asks !== undefined) return `adds the label \`${asks}\`, which a merge bot merges on`;
  const held = removed.find(holdLabel);
  if (held !== undefined) return `takes off the label \`${held}\`, which holds a merge bot back`;
  return undefined;
}

// REST routes that set a pull request's labels: GitHub's (and Gitea's) issue labels and issue edit (a pull request is
// an issue there), GitLab's merge request create and edit.
const REPO = String.raw`(?:^|\/)repos\/[^/\s]+\/[^/\s]+\/issues\/[^/?#\s"']+`;
const END = String.raw`\/?(?:$|[?#\s"'])`;
const ISSUE_LABELS = new RegExp(`${REPO}\\/labels${END}`, "i");
const ISSUE_LABEL = new RegExp(`${REPO}\\/labels\\/([^/?#\\s"']+)${END}`, "i");
const ISSUE = new RegExp(`${REPO}${END}`, "i");
const GITLAB_MR = /(?:^|\/)projects\/[^?#\s"']+?\/merge_requests(?:\/[^/?#\s"']+)?\/?(?:$|[?#\s"'])/i;

// The parameters that add labels, and those that take them off.
const ADDS = ["labels", "add_labels"];
const REMOVES = ["remove_labels"];

export type LabelVerdict = { merge: string } | { unknown: string } | null;

/** A REST call that adds a merge bot's label to a pull or merge request, or takes off one that holds it back. */
export function labelRoute(url: string, method: string, params: ApiParams): LabelVerdict {
  if (/^(GET|HEAD)$/i.test(method)) return null;
  const path = safeDecodeUri(url);
  const one = ISSUE_LABEL.exec(path)?.[1];
  if (one !== undefined) {
    const what = /^DELETE$/i.test(method) ? labelsMerge([], [one]) : labelsMerge([one], []);
    return what ? { merge: what } : null;
  }
  // DELETE …/labels takes every label off, which names none.
  if (/^DELETE$/i.test(method)) return null;
  const whole = ISSUE_LABELS.test(path);
  if (!whole && !ISSUE.test(path) && !GITLAB_MR.test(path)) return null;
  const added = labelParams(params, url, ADDS, whole);
  const removed = labelParams(params, url, REMOVES, false);
  const what = labelsMerge(added.known, removed.known);
  if (what) return { merge: what };
  return added.unknown || removed.unknown ? { unknown: "the labels the call sets are known only at run time" } : null;
}

/**
 * The label names of these parameters: fields (`labels[]=automerge`, `add_labels=a,b`), JSON bodies (`{"labels":
 * […]}`, and a bare array where `bare`: the labels route takes one), form bodies and the query string.
 */
function labelParams(
  params: ApiParams,
  url: string,
  names: readonly string[],
  bare: boolean,
): { known: string[]; unknown: boolean } {
  const known: string[] = [];
  let unknown = params.hidden;
  const named = (n: string) => names.includes(n.replace(/\[\d*\]$/, ""));
  for (const f of params.fields) {
    if (f.name === null) unknown = true;
    else if (named(f.name)) {
      if (f.value === null) unknown = true;
      else known.push(...labelNames(f.value));
    }
  }
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  for (const body of [...params.bodies, { text: query, dynamic: /[$`]/.test(query) }]) {
    const found = bodyLabels(body.text, names, bare);
    if (body.dynamic && (found.length > 0 || names.some((n) => body.text.includes(n)) || bare)) unknown = true;
    known.push(...found);
  }
  return { known, unknown };
}

function bodyLabels(text: string, names: readonly string[], bare: boolean): string[] {
  try {
    const json: unknown = JSON.parse(text);
    if (Array.isArray(json)) return bare ? labelNames(json) : [];
    if (json && typeof json === "object") {
      return names.flatMap((n) => labelNames((json as Record<string, unknown>)[n]));
    }
  } catch {
    // Not JSON: a form body, or JSON with parts the shell fills in.
  }
  const out: string[] = [];
  const decoded = decodeJsonEscapes(text);
  for (const name of names) {
    for (const m of decoded.matchAll(new RegExp(`"${name}"\\s*:\\s*(\\[[^\\]]*\\]|"(?:[^"\\\\]|\\\\.)*")`, "g"))) {
      out.push(...Array.from((m[1] ?? "").matchAll(/"((?:[^"\\]|\\.)*)"/g), (q) => q[1] ?? "").flatMap(labelNames));
    }
    for (const m of text.matchAll(new RegExp(`(?:^|&)${name}(?:%5B%5D|\\[\\])?=([^&]*)`, "gi"))) {
      out.push(...labelNames(safeDecodeUri((m[1] ?? "").replace(/\+/g, " "))));
    }
  }
  return out;
}
