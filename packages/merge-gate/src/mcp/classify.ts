// What an MCP tool call lands, pure: a known forge tool by its table, any other by the words of its name, each
// judged by its arguments (the branch it writes, the pull request it merges, the text it posts) and, for a git
// server, the branch checked out where it runs.
import { resolve } from "node:path";
import { botMergeCommand } from "../analysis/bot-commands.ts";
import { changeBranch, positive } from "../analysis/gerrit.ts";
import { labelNames, labelsMerge } from "../analysis/merge-labels.ts";
import { isProtected } from "../analysis/protected-branch.ts";
import { CHANGE_FIELDS, FORGE_SHAPE, operationName, PR_FIELDS, readToolName } from "./generic.ts";
import { opensRequest, type ProposalMerge, proposalMerge, proposalTarget } from "./proposal.ts";
import { type McpCall, stringField } from "./tool-name.ts";
import type { ToolRule } from "./types.ts";
import { clickedMergeControl } from "./ui-click.ts";

export interface McpFacts {
  protectedBranches: readonly string[];
  /** The absolute folder the CLI runs in: a git server's relative paths start there. */
  cwd: string;
  /** The branch checked out in a folder: null when HEAD is detached, undefined when that cannot be told. */
  branchAt(dir: string): string | null | undefined;
  /** Approval mode review: approving a pull request and setting checks are findings too. */
  review?: boolean;
}

/** One thing the call would do that the gate stops. */
export type McpFinding =
  /** `pr`: the number it merges, `repo`: owner/repo on GitHub. */
  | { kind: "merge"; what: string; forge: "github" | "gitlab" | "unknown"; pr?: string; repo?: string }
  /** A write, creation or deletion of protected branch `branch` (undefined: the default branch, unnamed). */
  | { kind: "push"; what: string; branch?: string }
  | { kind: "protection"; what: string }
  /** A comment that tells a merge bot to merge pull request `pr` (`command`), or a label the bot merges on. */
  | { kind: "bot"; what: string; command: boolean; pr?: string }
  /** Approval mode review: a change to the record a merge is judged by. */
  | { kind: "review"; what: string }
  | { kind: "unprovable"; what: string };

export type McpVerdict =
  | { kind: "runs"; why: string }
  | {
      kind: "judged";
      findings: McpFinding[];
      /** A text argument starts with the approval marker. */
      approved: boolean;
      /** The text arguments the marker goes in, best first (none: the tool takes no such text). */
      markerFields: string[];
    };

export const MARKER = "MERGE_APPROVED=1";
const MARKED = /^\s*MERGE_APPROVED=1(?:\s|$)/;
// Text a merge bot or a quick action reads (a comment, a review, a note, a merge request's description).
const TEXT = ["body", "description", "note", "comment", "text", "message"];
const MARKER_TEXT = ["commit_message", "commitMessage", "message", "commit_title", "commitTitle", "title", ...TEXT];
// The arguments that add labels to a request (GitHub's and GitLab's servers: `labels`, GitLab's `add_labels`), and
// those that take them off.
const ADDS_LABELS = ["labels", "add_labels", "addLabels", "labels_to_add", "labelsToAdd"];
const REMOVES_LABELS = ["remove_labels", "removeLabels", "labels_to_remove", "labelsToRemove"];
// The text of a pull or merge request the marker goes in when opening or editing it merges it, best first.
const PROPOSAL_TEXT = ["commit_message", "commitMessage", "description", "body", "title"];

/** The verdict for a call; undefined rule: read from its name. */
export function classifyMcp(call: McpCall, facts: McpFacts): McpVerdict {
  let rule: ToolRule;
  // What the call does by name: a known tool's own, else the operation it is given and its name.
  const name = call.known ? call.tool : operationName(call.tool, call.input);
  if (call.known) rule = call.known.rule;
  else {
    // A click on a forge page's merge button merges as the user: no branch or request can be read from it.
    const control = clickedMergeControl(name, call.input);
    if (control) {
      const what = `clicks ${control}, a merge control: on a forge's page that merges a pull or merge request`;
      return {
        kind: "judged",
        findings: [{ kind: "merge", what, forge: "unknown" }],
        approved: false,
        markerFields: [],
      };
    }
    const reading = readToolName(name, call.input);
    if ("runs" in reading) return { kind: "runs", why: reading.runs };
    rule = reading.rule;
  }
  const { input } = call;
  const does = switched(rule, input);
  const findings = findingsOf(call, name, rule, does, facts);
  // A comment on a pull request that commands a merge bot merges it, and so does a label the bot merges on.
  const forgeWrite = call.known || FORGE_SHAPE.some((f) => f in input) || PR_FIELDS.some((f) => f in input);
  const writes = forgeWrite && (does === "write" || does === "propose" || does === "approve");
  // A new request into a branch it names that is not protected lands nothing there, whatever label it carries.
  const into = opensRequest(name) ? branchOf(proposalTarget(input)) : undefined;
  const intoSafe = into !== undefined && !isProtected(into, facts.protectedBranches);
  const bot = writes ? botFindings(name, input, rule, intoSafe) : [];
  findings.push(...bot);
  if (does !== "read") findings.push(...autosubmitFindings(input, facts.protectedBranches));
  const fields = [...(rule.marker ?? []), ...MARKER_TEXT];
  const approved = fields.some((f) => typeof input[f] === "string" && MARKED.test(input[f] as string));
  const merges = does === "propose" && findings.some((f) => f.kind === "merge");
  // The marker goes in a comment's text; a label change has no text of its own to carry it.
  const markerFields = bot.some((f) => f.kind === "bot" && f.command)
    ? ["body"]
    : [...(rule.marker ?? (merges ? proposalMarker(input) : []))];
  return { kind: "judged", findings, approved, markerFields };
}

/** A merge bot command in the call's text, and a label it merges on added (or one that holds it back taken off). */
function botFindings(name: string, input: Record<string, unknown>, rule: ToolRule, intoSafe: boolean): McpFinding[] {
  const pr = stringField(input, rule.pr ?? PR_FIELDS);
  const on = pr ? { pr } : {};
  const found: McpFinding[] = [];
  const texts = TEXT.flatMap((f) => (typeof input[f] === "string" ? [input[f] as string] : []));
  const command = texts.map(botMergeCommand).find((c) => c !== undefined);
  if (command) found.push({ kind: "bot", what: `tells a merge bot to merge (\`${command}\`)`, command: true, ...on });
  const labels = (fields: readonly string[]) => fields.flatMap((f) => labelNames(input[f]));
  // One `label` is what a tool named for taking labels off takes off (`remove_issue_label`), else what it adds.
  const off = /(?:remove|delete|unlabel|clear)/i.test(name);
  const what = labelsMerge(
    labels(off ? ADDS_LABELS : [...ADDS_LABELS, "label"]),
    labels([...REMOVES_LABELS, ...(off ? ["label"] : [])]),
  );
  if (what && !intoSafe) found.push({ kind: "bot", what, command: false, ...on });
  return found;
}

/** A vote on Gerrit's Autosubmit label (`labels: {"Autosubmit": 1}`): the change is submitted once it may be. */
function autosubmitFindings(input: Record<string, unknown>, protectedBranches: readonly string[]): McpFinding[] {
  const votes = input.labels;
  if (!votes || typeof votes !== "object" || Array.isArray(votes)) return [];
  const up = Object.entries(votes).some(
    ([label, score]) =>
      /^autosubmit$/i.test(label) &&
      (score === true || ((typeof score === "number" || typeof score === "string") && positive(String(score)))),
  );
  if (!up) return [];
  const change = stringField(input, CHANGE_FIELDS);
  const into = change === undefined ? undefined : changeBranch(change);
  if (into !== undefined && !isProtected(into, protectedBranches)) return [];
  const which = change === undefined ? "a Gerrit change" : `Gerrit change ${change}`;
  return [
    {
      kind: "merge",
      what: `votes Autosubmit on ${which}, which submits it into ${into ?? "its branch"} once it may be`,
      forge: "unknown",
      ...(change ? { pr: change } : {}),
    },
  ];
}

function switched(rule: ToolRule, input: Record<string, unknown>): ToolRule["does"] {
  if (!rule.switch) return rule.does;
  const value = input[rule.switch.field];
  if (value === undefined || value === null || value === "") return rule.does;
  const cases = rule.switch.cases;
  return cases[String(value).toLowerCase()] ?? cases["*"] ?? rule.does;
}

/** The text arguments a proposal that merges takes, those it carries first (else a description, GitHub's body). */
function proposalMarker(input: Record<string, unknown>): string[] {
  const given = PROPOSAL_TEXT.filter((f) => typeof input[f] === "string");
  return given.length > 0 ? given : ["owner" in input ? "body" : "description"];
}

// A branch as a ref names it, in full (`refs/heads/main`) or as the git refs API does (`heads/main`); a tag's ref
// (`tags/v1`) names no branch and stays as it is, matching none.
const branchOf = (ref: string | undefined) => ref?.replace(/^(?:refs\/)?heads\//, "");

function findingsOf(
  call: McpCall,
  name: string,
  rule: ToolRule,
  does: ToolRule["does"],
  facts: McpFacts,
): McpFinding[] {
  const { input } = call;
  const branch = branchOf(stringField(input, rule.branch));
  const guarded = (b: string | undefined) => b !== undefined && isProtected(b, facts.protectedBranches);
  switch (does) {
    case "merge": {
      // A Gerrit change named `project~branch~Change-Id` goes into that branch.
      const into = changeBranch(stringField(input, CHANGE_FIELDS) ?? "");
      return into !== undefined && !guarded(into) ? [] : [mergeFinding(call, rule)];
    }
    case "commit":
      if (branch === undefined && rule.missing !== "nothing")
        return [{ kind: "push", what: "commits to the default branch (it names no branch)" }];
      return guarded(branch) ? [{ kind: "push", what: `commits to protected branch ${branch}`, branch }] : [];
    case "write":
      return guarded(branch) ? [{ kind: "push", what: `writes to protected branch ${branch}`, branch }] : [];
    case "branch-create":
    case "branch-delete": {
      const verb = does === "branch-create" ? "creates" : "deletes";
      return guarded(branch) ? [{ kind: "push", what: `${verb} protected branch ${branch}`, branch }] : [];
    }
    case "protection":
      return [
        {
          kind: "protection",
          what: "changes branch protection or the default branch on the forge (the server-side lock)",
        },
      ];
    case "propose": {
      // Opening or editing a request lands nothing, unless it turns its merge on: an edited request merges
      // wherever it goes, a new one into the branch it targets.
      const merging = proposalMerge(input);
      if (!merging) return [];
      if (!opensRequest(name)) return [mergeFinding(call, rule, { ...merging, opens: false })];
      const into = branchOf(proposalTarget(input));
      return into === undefined || guarded(into) ? [mergeFinding(call, rule, { ...merging, opens: true, into })] : [];
    }
    case "approve":
      return facts.review ? [{ kind: "review", what: "records a review approval of a pull or merge request" }] : [];
    case "checks":
      return facts.review ? [{ kind: "review", what: "sets a commit status (the checks a merge is judged by)" }] : [];
    case "git-push":
      return gitFindings(input, rule, branch, facts);
    case "git-commit":
      // A commit, merge or cherry-pick in a local checkout lands nothing until it is pushed, as in the shell: the
      // push is judged (git_push here, `git push` there, the pre-push layer for any tool).
      return [];
    default:
      return [];
  }
}

/** What in a proposal merges it; for a new request, the branch it merges into (undefined: the default branch). */
type Merging = ProposalMerge & { opens: boolean; into?: string };

function mergeFinding(call: McpCall, rule: ToolRule, merging?: Merging): McpFinding {
  const { input } = call;
  // Another server's tool of a known name may name the request its own way (Azure DevOps' `pullRequestId`).
  const pr = stringField(input, [...(rule.pr ?? []), ...PR_FIELDS]);
  const gitlab = call.known?.forge === "gitlab" || ["project_id", "projectId"].some((f) => f in input);
  const forge = gitlab ? "gitlab" : call.known?.forge === "github" || "owner" in input ? "github" : "unknown";
  const owner = stringField(input, ["owner"]);
  const name = stringField(input, ["repo"]);
  const change = CHANGE_FIELDS.some((f) => f in input);
  const noun = gitlab ? "merge request" : change ? "Gerrit change" : "pull request";
  const request = pr ? `${noun} ${gitlab ? "!" : change ? "" : "#"}${pr}` : `a ${noun}`;
  return {
    kind: "merge",
    what: merging ? proposalWhat(request, noun, merging) : `${change ? "submits" : "merges"} ${request}`,
    forge,
    ...(pr ? { pr } : {}),
    ...(owner && name && forge === "github" ? { repo: `${owner}/${name}` } : {}),
  };
}

/** What a proposal that merges does: `request` names the one it edits ("pull request #12"), `noun` what it opens. */
function proposalWhat(request: string, noun: string, merging: Merging): string {
  const how = `${merging.how === "auto" ? "merges by itself" : "merges"} (${merging.by})`;
  if (merging.opens)
    return `creates a ${noun} into ${merging.into ?? "the default branch (it names none)"} that ${how}`;
  return merging.how === "auto"
    ? `sets ${request} to merge by itself (${merging.by})`
    : `merges ${request} (${merging.by})`;
}

function gitFindings(
  input: Record<string, unknown>,
  rule: ToolRule,
  named: string | undefined,
  facts: McpFacts,
): McpFinding[] {
  const path = stringField(input, rule.path) ?? ".";
  const dir = resolve(facts.cwd, path);
  const checkedOut = named !== undefined ? named : facts.branchAt(dir);
  if (checkedOut === undefined) {
    return [{ kind: "unprovable", what: `works in ${path}, where the checked-out branch cannot be told` }];
  }
  if (checkedOut === null || !isProtected(checkedOut, facts.protectedBranches)) return [];
  const verb = input.delete === true ? "deletes" : "pushes to";
  return [{ kind: "push", what: `${verb} protected branch ${checkedOut}`, branch: checkedOut }];
}
