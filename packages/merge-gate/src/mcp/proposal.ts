// A call that opens or edits a pull or merge request and merges it after all: it turns on auto-merge (GitHub's
// auto-merge, GitLab's merge when the pipeline succeeds, Azure DevOps' auto-complete, which with a bypass reason
// skips the branch policies too) or sets the request's status to completed (Azure DevOps completes = merges).
// Servers spell these arguments their own way, so an argument is read by the words of its name, case-blind, in
// nested objects too.
import { snakeName } from "./tool-name.ts";

/** What in a proposal's arguments merges it: auto-merge turned on, or a status that merges now. */
export type ProposalMerge = { how: "auto" | "status"; by: string };

// Values that turn a switch on; an object of options (`auto_merge: {merge_method: "squash"}`) does too.
const ON = new Set(["true", "yes", "on", "1", "y", "enable", "enabled"]);
// Words that turn it off instead (`disableAutoComplete`, `skip_auto_merge`).
const OFF = new Set(["disable", "disabled", "cancel", "no", "not", "skip", "off", "without"]);
// Arguments that set a request's status, and the values that merge it.
const STATUS = new Set(["status", "state", "state_event", "action", "new_status", "new_state"]);
const MERGED = new Set(["completed", "complete", "merged", "merge"]);
// An argument naming a branch a request merges into: `targetRefName`, `target_branch`, `base`, `baseRefName`.
const INTO = new Set(["target", "base", "destination", "dest", "to", "into"]);
const BRANCH_WORDS = new Set(["branch", "ref", "name"]);

/** What merges the request this call opens or edits, if anything does. */
export function proposalMerge(input: Record<string, unknown>): ProposalMerge | undefined {
  for (const [key, value] of entriesOf(input)) {
    if (autoMergeName(key) && isOn(value)) return { how: "auto", by: key };
    const status = typeof value === "string" ? value.trim() : "";
    if (STATUS.has(snakeName(key)) && MERGED.has(status.toLowerCase()))
      return { how: "status", by: `${key} ${status}` };
  }
  return undefined;
}

/** The branch a request this call opens merges into, as the call names it (undefined: the default branch). */
export function proposalTarget(input: Record<string, unknown>): string | undefined {
  for (const [key, value] of entriesOf(input)) {
    const [first = "", ...rest] = snakeName(key).split("_");
    if (typeof value === "string" && value !== "" && INTO.has(first) && rest.every((w) => BRANCH_WORDS.has(w)))
      return value;
  }
  return undefined;
}

/** Whether the tool opens a new request (merging into its target) rather than editing one (merging it, wherever). */
export function opensRequest(tool: string): boolean {
  const words = tool.split("_");
  const has = (...w: string[]) => w.some((x) => words.includes(x));
  return has("create", "open", "new", "submit") && !has("update", "edit", "modify", "patch", "set", "close", "reopen");
}

// `autoComplete`, `auto_merge`, `automerge`, `enableAutoMerge`, `merge_when_pipeline_succeeds`, `autoCompleteSetBy`,
// `completionOptions` (Azure DevOps sends them with an auto-complete or a completion).
function autoMergeName(key: string): boolean {
  const words = snakeName(key)
    .replace(/auto(?=merg|complet)/g, "auto_")
    .split("_");
  if (words.some((w) => OFF.has(w))) return false;
  if (words.length === 1 && ["merge", "complete", "land"].includes(words[0] ?? "")) return true;
  return words.some(
    (w, i) =>
      (w === "auto" && /^(?:merge|merging|complete|completion)$/.test(words[i + 1] ?? "")) ||
      (w === "merge" && /^(?:when|on|after|once|if)$/.test(words[i + 1] ?? "")) ||
      w === "completion",
  );
}

// true, "true", 1, "yes", "on"; a non-empty object of options, unless it says it is off (`{enabled: false}`).
function isOn(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === "number") return Number.isFinite(value) && value !== 0;
  if (typeof value === "string") return ON.has(value.trim().toLowerCase());
  if (!isObject(value)) return false;
  const entries = Object.entries(value);
  const enabled = entries.find(([k]) => /^(?:enabled?|on|active)$/.test(snakeName(k)));
  return enabled ? isOn(enabled[1]) : entries.length > 0;
}

/** The call's arguments and those of the objects nested in them (a few levels: options, a request body). */
function entriesOf(input: Record<string, unknown>, depth = 0): [string, unknown][] {
  return Object.entries(input).flatMap(([key, value]): [string, unknown][] =>
    isObject(value) && depth < 3 ? [[key, value], ...entriesOf(value, depth + 1)] : [[key, value]],
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
