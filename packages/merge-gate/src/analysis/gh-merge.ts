// gh: `gh pr merge` in every spelling, and `gh api` calls to the merge routes (REST and GraphQL).
import { addMerge, type Ctx, type Invocation, unknownPart } from "./context.ts";
import { judgeGraphqlRequest } from "./graphql-request.ts";
import { isGraphqlUrl, restMergeRoute } from "./merge-routes.ts";
import { type ScannedOption, scanInterspersed } from "./scan-options.ts";
import { type Arg, is } from "./shell-words.ts";

// Options that take a value, across `gh pr merge` and `gh api`: their values are neither positionals nor --help.
const VALUE_SHORT = "RbFtAXfHqp";
const VALUE_LONG = [
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

export function analyzeGh(inv: Invocation, ctx: Ctx): void {
  // gh (cobra) takes flags anywhere: `gh --repo o/r pr merge`, `gh pr -R o/r merge 1 --squash`.
  const w = scanInterspersed(inv.args.slice(1), { short: VALUE_SHORT, long: VALUE_LONG });
  // --help shows help wherever it stands; --disable-auto only cancels an auto-merge.
  if (w.options.some((o) => o.name === "-h" || o.name === "--help" || o.name === "--disable-auto")) return;
  const [group, sub] = w.operands;
  if (group?.value === null || (sub?.value === null && is(group, "pr"))) {
    unknownPart(ctx, inv, "the gh subcommand is known only at run time");
  } else if (!group || is(group, "pr") || is(group, "api")) {
    if (!sub) {
      if (inv.open) unknownPart(ctx, inv, "gh gets its subcommand at run time");
    } else if (is(group, "api")) analyzeGhApi(inv, ctx, sub, w.options);
    else if (is(sub, "merge")) addMerge(ctx, inv, "gh pr merge");
  }
}

function analyzeGhApi(inv: Invocation, ctx: Ctx, endpoint: Arg, options: ScannedOption[]): void {
  const method = options.findLast((o) => o.name === "-X" || o.name === "--method")?.value;
  const fields = options.filter((o) => ["-f", "-F", "--field", "--raw-field"].includes(o.name));
  const input = options.findLast((o) => o.name === "--input")?.value;
  const explicit = method ? (method.value ?? "?") : null;
  const effective = explicit ?? (fields.length > 0 || input ? "POST" : "GET");
  const route = restMergeRoute(endpoint.text, explicit, effective, ctx.facts);
  if (route || !isGraphqlUrl(endpoint.text)) {
    if (route) addMerge(ctx, inv, `gh api ${route}`);
    else if (endpoint.value === null) unknownPart(ctx, inv, "the gh api endpoint is known only at run time");
    return;
  }
  for (const f of fields) {
    const eq = f.value?.text.indexOf("=") ?? -1;
    if (f.value?.text.slice(0, eq) !== "query") continue;
    const body = f.value.text.slice(eq + 1);
    // -F/--field reads `@file` (and `@-`, stdin); -f/--raw-field takes the text as it is.
    const typed = f.name === "-F" || f.name === "--field";
    judgeGraphqlRequest(inv, ctx, "gh api", typed && body.startsWith("@") ? body.slice(1) : undefined, body, f.value);
  }
  if (input) judgeGraphqlRequest(inv, ctx, "gh api", input.value ?? "", "", input);
}
