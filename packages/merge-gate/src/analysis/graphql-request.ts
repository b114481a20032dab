// Judges the body of a GraphQL request, wherever it comes from: an argument, a file, or standard input.

import { type Arg, addUnprovable, type Invocation } from "@hookrail/shell/engine";
import { type ApiParams, NO_PARAMS } from "./api-params.ts";
import { addMerge, type Ctx } from "./context.ts";
import { judgeGraphqlBody } from "./merge-routes.ts";
import { judgeReviewMutations } from "./review-routes.ts";

/**
 * `file` is set when the body is read from a file (`-` = standard input, which the analysis may know: a
 * here-doc, an echo piped in); else `body` is the text and `arg` tells whether parts of it are known only at run time.
 */
export function judgeGraphqlRequest(
  inv: Invocation,
  ctx: Ctx,
  client: string,
  file: string | undefined,
  body: string,
  arg: Arg,
  variables: ApiParams = NO_PARAMS,
): void {
  const stdin = inv.stdin;
  if (file === "-" && stdin.kind !== "text" && stdin.kind !== "dynamic") {
    addUnprovable(ctx, inv, "the GraphQL request is read from standard input");
    return;
  }
  if (file !== undefined && file !== "-") {
    addUnprovable(ctx, inv, "the GraphQL request is read from a file");
    return;
  }
  const fromStdin = file === "-" && (stdin.kind === "text" || stdin.kind === "dynamic");
  const text = fromStdin ? stdin.text : body;
  const dynamic = fromStdin ? stdin.kind === "dynamic" : arg.value === null;
  const verdict = judgeGraphqlBody(text, dynamic, variables, ctx.facts);
  judgeReviewMutations(ctx, inv, text, dynamic, variables);
  if (verdict === "unknown") addUnprovable(ctx, inv, "the GraphQL query is known only at run time");
  else if (verdict && "unknown" in verdict) addUnprovable(ctx, inv, verdict.unknown);
  else if (verdict) addMerge(ctx, inv, `${client} graphql ${verdict.merge}`);
}
