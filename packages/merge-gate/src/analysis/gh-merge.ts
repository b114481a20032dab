// gh: `gh pr merge` in every spelling, and `gh api` calls to the merge routes (REST and GraphQL). GitLab's
// glab, modelled on gh (cobra flags, `glab api` with gh's method rule): `glab mr merge` (alias `accept`) and
// `glab api` calls to the merge request merge route.

import {
  type Arg,
  addUnprovable,
  flagState,
  type Invocation,
  is,
  type ScannedOption,
  scanInterspersed,
  unknownPart,
} from "@hookrail/shell/engine";
import type { ApiParams, Field } from "./api-params.ts";
import { botMergeCommand, mayHoldBotCommand } from "./bot-commands.ts";
import { addMerge, type Ctx } from "./context.ts";
import { judgeGraphqlRequest } from "./graphql-request.ts";
import { labelNames, labelsMerge } from "./merge-labels.ts";
import { isGraphqlUrl, restMergeRoute } from "./merge-routes.ts";
import { isProtected } from "./protected-branch.ts";
import { judgeReviewCommand, judgeReviewRoute } from "./review-routes.ts";

// Options that take a value, across `gh pr merge` and `gh api`: their values are neither positionals nor --help.
const VALUE_SHORT = "RbFtAXfHqplB";
const VALUE_LONG = [
  "--base",
  "--head",
  "--title",
  "--add-label",
  "--remove-label",
  "--label",
  "--repo",
  "--body",
  "--body-file",
  "--subject",
  "--author-email",
  "--match-head-commit",
  "--hostname",
  "--method",
  "--field",
  "--raw-field",
  "--header",
  "--input",
  "--jq",
  "--template",
  "--cache",
  "--preview",
];

/** A gh-like CLI: its merge command (`<group> <merge>`), its `api`, and the options that take a value. */
interface ForgeCli {
  tool: string;
  group: string;
  merges: readonly string[];
  /** Flags that make the merge command cancel instead (`gh pr merge --disable-auto`). */
  cancels: readonly string[];
  /** A create command that can also set the new request to merge by itself (`glab mr create --auto-merge`). */
  armedCreate?: { subs: readonly string[]; flag: string; target: readonly string[] };
  /** Commands that post text a merge bot reads (`gh pr comment -b`), by `<group> <sub>`, and the options holding it. */
  posts: { commands: readonly string[]; text: readonly string[]; file: readonly string[] };
  /** Commands that set a request's labels (`gh pr edit --add-label`), and the options that add and take them off. */
  labels: {
    commands: readonly string[];
    add: readonly string[];
    remove: readonly string[];
    /** The create commands, and the options naming the branch the new request merges into. */
    creates: readonly string[];
    base: readonly string[];
  };
  short: string;
  long: readonly string[];
}

const GH: ForgeCli = {
  tool: "gh",
  group: "pr",
  merges: ["merge"],
  cancels: ["--disable-auto"],
  posts: {
    commands: ["pr comment", "issue comment", "pr review"],
    text: ["-b", "--body"],
    file: ["-F", "--body-file"],
  },
  // A pull request is an issue to gh's `issue edit` too.
  labels: {
    commands: ["pr edit", "issue edit", "pr create"],
    add: ["--add-label", "-l", "--label"],
    remove: ["--remove-label"],
    creates: ["pr create"],
    base: ["-B", "--base"],
  },
  short: VALUE_SHORT,
  long: VALUE_LONG,
};

// glab's options that take a value, across `glab mr merge` (alias `accept`) and `glab api`.
const GLAB: ForgeCli = {
  tool: "glab",
  group: "mr",
  merges: ["merge", "accept"],
  cancels: [],
  // `glab mr create --auto-merge` creates the request and at once asks GitLab to merge it when its checks pass.
  armedCreate: { subs: ["create", "new"], flag: "--auto-merge", target: ["-b", "--target-branch"] },
  // A note's text, and a merge request's description (quick actions run there too).
  posts: {
    commands: ["mr note", "mr comment", "mr create", "mr new", "mr update"],
    text: ["-m", "--message", "-d", "--description"],
    file: [],
  },
  labels: {
    commands: ["mr update", "mr create", "mr new"],
    add: ["-l", "--label"],
    remove: ["-u", "--unlabel"],
    creates: ["mr create", "mr new"],
    base: ["-b", "--target-branch"],
  },
  short: "RmXFfHbdlu",
  long: [
    "--label",
    "--unlabel",
    "--repo",
    "--description",
    "--target-branch",
    "--message",
    "--squash-message",
    "--sha",
    "--method",
    "--field",
    "--raw-field",
    "--header",
    "--input",
    "--hostname",
  ],
};

export const analyzeGh = (inv: Invocation, ctx: Ctx): void => analyzeForgeCli(GH, inv, ctx);
export const analyzeGlab = (inv: Invocation, ctx: Ctx): void => analyzeForgeCli(GLAB, inv, ctx);

function analyzeForgeCli(cli: ForgeCli, inv: Invocation, ctx: Ctx): void {
  // gh and glab (cobra) take flags anywhere: `gh --repo o/r pr merge`, `gh pr -R o/r merge 1 --squash`.
  const w = scanInterspersed(inv.args.slice(1), { short: cli.short, long: [...cli.long], pflag: true });
  // --help shows help wherever it stands; --disable-auto only cancels an auto-merge. pflag reads `--help=false`
  // and takes the last spelling; a value it cannot read as true leaves the command a merge.
  if (flagState(w, ["-h", "--help"]) === true || (cli.cancels.length > 0 && flagState(w, [...cli.cancels]) === true)) {
    return;
  }
  const [group, sub] = w.operands;
  if (group?.value === null || (sub?.value === null && is(group, cli.group))) {
    unknownPart(ctx, inv, `the ${cli.tool} subcommand is known only at run time`);
  } else if (!group || is(group, cli.group) || is(group, "api")) {
    if (!sub) {
      if (inv.open) unknownPart(ctx, inv, `${cli.tool} gets its subcommand at run time`);
    } else if (is(group, "api")) analyzeGhApi(inv, ctx, sub, w.options, `${cli.tool} api`);
    else if (cli.merges.some((m) => is(sub, m))) addMerge(ctx, inv, `${cli.tool} ${cli.group} merge`);
    else if (cli.armedCreate?.subs.some((s) => is(sub, s))) armedCreate(cli, inv, ctx, w.options);
    else judgeReviewCommand(ctx, inv, cli.tool, sub, w.options);
  } else if (cli.tool === "gh" && is(group, "repo") && is(sub, "sync")) repoSync(inv, ctx);
  else if (cli.tool === "gh" && is(group, "repo") && is(sub, "edit")) repoEdit(inv, ctx);
  if (sub?.value && cli.posts.commands.includes(`${group?.value} ${sub.value}`)) postsText(cli, inv, ctx, w.options);
  const command = `${group?.value} ${sub?.value}`;
  if (sub?.value && cli.labels.commands.includes(command)) setsLabels(cli, inv, ctx, w.options, command);
}

/**
 * A label a merge bot merges on, added (`gh pr edit 12 --add-label automerge`), or one that holds it, taken off. A new
 * request that names a branch it merges into lands nothing on an unprotected one.
 */
function setsLabels(cli: ForgeCli, inv: Invocation, ctx: Ctx, options: ScannedOption[], command: string): void {
  if (cli.labels.creates.includes(command)) {
    const base = options.findLast((o) => cli.labels.base.includes(o.name))?.value;
    if (base?.value && !isProtected(base.value, ctx.facts.protectedBranches)) return;
  }
  const given = (names: readonly string[]) => options.filter((o) => o.value && names.includes(o.name));
  const added = given(cli.labels.add);
  const removed = given(cli.labels.remove);
  const names = (os: ScannedOption[]) => os.flatMap((o) => (o.value?.value ? labelNames(o.value.value) : []));
  const what = labelsMerge(names(added), names(removed));
  if (what) addMerge(ctx, inv, `${cli.tool} ${what}`);
  else if ([...added, ...removed].some((o) => o.value?.value === null)) {
    unknownPart(ctx, inv, "the labels the command sets are known only at run time");
  }
}

/**
 * `gh repo sync <owner/repo>` brings the forge repository's branch (`--branch`, else its default branch) up to its
 * source's, through the merge-upstream API (`--force`: a hard reset): it lands work there. Without a repository it
 * syncs the local checkout, which lands nothing.
 */
function repoSync(inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), {
    short: "Rbs",
    long: ["--repo", "--branch", "--source"],
    pflag: true,
  });
  if (w.operands.length < 3) return;
  const branch = w.options.findLast((o) => o.name === "-b" || o.name === "--branch")?.value;
  if (branch?.value === null) addUnprovable(ctx, inv, "gh repo sync names its branch only at run time");
  else if (!branch || isProtected(branch.value, ctx.facts.protectedBranches)) {
    addMerge(ctx, inv, `gh repo sync upstream merge${branch ? ` to ${branch.value}` : ""}`);
  }
}

/** `gh repo edit --default-branch <branch>` moves the default branch, which branch rules and rulesets name. */
function repoEdit(inv: Invocation, ctx: Ctx): void {
  const w = scanInterspersed(inv.args.slice(1), { long: ["--default-branch"], pflag: true });
  if (w.options.some((o) => o.name === "--default-branch")) addMerge(ctx, inv, "gh repo edit --default-branch");
}

/** A comment, review, note or description that tells a merge bot to merge (`gh pr comment 12 -b "bors r+"`). */
function postsText(cli: ForgeCli, inv: Invocation, ctx: Ctx, options: ScannedOption[]): void {
  for (const o of options) {
    if (!o.value) continue;
    const stdin = inv.stdin;
    const fromStdin = cli.posts.file.includes(o.name) && o.value.value === "-";
    if (cli.posts.file.includes(o.name) && !fromStdin) continue;
    if (!fromStdin && !cli.posts.text.includes(o.name)) continue;
    const text = fromStdin ? (stdin.kind === "text" || stdin.kind === "dynamic" ? stdin.text : "") : o.value.text;
    const command = botMergeCommand(text);
    if (command) addMerge(ctx, inv, `${cli.tool} bot command ${command}`);
    else if ((fromStdin ? stdin.kind !== "text" : o.value.value === null) && mayHoldBotCommand(text)) {
      unknownPart(ctx, inv, "the comment's text is known only at run time");
    }
  }
}

/** A create that sets auto-merge merges into its target branch (the default branch when it names none). */
function armedCreate(cli: ForgeCli, inv: Invocation, ctx: Ctx, options: ScannedOption[]): void {
  const armed = cli.armedCreate;
  const on = armed && flagState({ options }, [armed.flag]);
  if (!armed || on === false) return;
  const how = `${cli.tool} ${cli.group} create ${armed.flag}`;
  if (on === undefined) {
    addUnprovable(ctx, inv, `whether \`${how}\` is set is known only at run time`);
    return;
  }
  const target = options.findLast((o) => armed.target.includes(o.name))?.value;
  if (target?.value === null) addUnprovable(ctx, inv, `${how} merges into a branch named only at run time`);
  else if (!target || isProtected(target.value, ctx.facts.protectedBranches)) {
    addMerge(ctx, inv, `${how} into ${target?.value ?? "the default branch"}`);
  }
}

/**
 * `tea api <endpoint>` (Gitea's CLI) with gh's options (`-X`, `-f`, `-F`, `--input`) and a body in `-d`/`--data`,
 * which makes it a POST as a field does. `args`: the words after `tea`.
 */
export function analyzeTeaApi(inv: Invocation, ctx: Ctx, args: readonly Arg[]): void {
  const w = scanInterspersed(args, {
    short: `${VALUE_SHORT}dlrRo`,
    long: [...VALUE_LONG, "--data", "--login", "--remote", "--output"],
  });
  const endpoint = w.operands[1];
  if (!endpoint) {
    if (inv.open) unknownPart(ctx, inv, "tea api gets its endpoint at run time");
    return;
  }
  if (flagState(w, ["-h", "--help"]) === true) return;
  const options = w.options.map((o) => (o.name === "-d" || o.name === "--data" ? { ...o, name: "--raw-field" } : o));
  analyzeGhApi(inv, ctx, endpoint, options, "tea api");
}

function analyzeGhApi(inv: Invocation, ctx: Ctx, endpoint: Arg, options: ScannedOption[], tool: string): void {
  const method = options.findLast((o) => o.name === "-X" || o.name === "--method")?.value;
  const fieldOptions = options.filter((o) => ["-f", "-F", "--field", "--raw-field"].includes(o.name));
  const input = options.findLast((o) => o.name === "--input")?.value;
  // gh's rule: GET, or POST once any field or --input is given, unless --method says otherwise.
  const explicit = method ? (method.value ?? "?") : null;
  const effective = explicit ?? (fieldOptions.length > 0 || input ? "POST" : "GET");
  const params = ghParams(fieldOptions, input, inv);
  if (!isGraphqlUrl(endpoint.text)) {
    // Approval mode review: a change to the review record (branch protection included) is named as such whatever
    // else the call is, so the reason says the marker does not approve it.
    const review = judgeReviewRoute(ctx, inv, endpoint.text, effective, params);
    const verdict = restMergeRoute(endpoint.text, effective, params, ctx.facts);
    if (verdict && "merge" in verdict) addMerge(ctx, inv, `${tool} ${verdict.merge}`);
    else if (verdict) addUnprovable(ctx, inv, verdict.unknown);
    else if (review) return;
    else if (endpoint.value === null) unknownPart(ctx, inv, `the ${tool} endpoint is known only at run time`);
    return;
  }
  for (const f of fieldOptions) {
    const eq = f.value?.text.indexOf("=") ?? -1;
    if (f.value?.text.slice(0, eq) !== "query") continue;
    const body = f.value.text.slice(eq + 1);
    // -F/--field reads `@file` (and `@-`, stdin); -f/--raw-field takes the text as it is.
    const typed = f.name === "-F" || f.name === "--field";
    const file = typed && body.startsWith("@") ? body.slice(1) : undefined;
    judgeGraphqlRequest(inv, ctx, tool, file, body, f.value, params);
  }
  if (input) judgeGraphqlRequest(inv, ctx, tool, input.value ?? "", "", input, params);
}

/** The fields gh sends (`-F name=@file` reads a file), and --input's body when standard input is known text. */
function ghParams(fieldOptions: ScannedOption[], input: Arg | undefined, inv: Invocation): ApiParams {
  const fields: Field[] = [];
  let hidden = false;
  for (const f of fieldOptions) {
    const text = f.value?.text ?? "";
    const eq = text.indexOf("=");
    const name = eq < 0 ? text : text.slice(0, eq);
    const value = eq < 0 ? "" : text.slice(eq + 1);
    const fromFile = (f.name === "-F" || f.name === "--field") && value.startsWith("@");
    const dynamic = f.value?.value === null;
    hidden ||= fromFile;
    fields.push({ name: /[$`]/.test(name) && dynamic ? null : name, value: fromFile || dynamic ? null : value });
  }
  const bodies: ApiParams["bodies"] = [];
  if (input) {
    const stdin = input.value === "-" ? inv.stdin : undefined;
    if (stdin?.kind === "text" || stdin?.kind === "dynamic") {
      bodies.push({ text: stdin.text, dynamic: stdin.kind === "dynamic" });
    } else hidden = true;
  }
  return { fields, bodies, hidden };
}
