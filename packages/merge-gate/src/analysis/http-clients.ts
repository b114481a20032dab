// curl, wget and HTTPie calling the GitHub merge API directly (any host: api.github.com or GHE's /api/v3/).

import {
  type Arg,
  addUnprovable,
  type Interspersed,
  type Invocation,
  type OptionSpec,
  own,
  scanInterspersed,
  unknownPart,
} from "@hookrail/shell/engine";
import { type HttpClient, isHttpClient } from "./analysed-names.ts";
import { addMerge, type Ctx } from "./context.ts";
import { judgeGraphqlRequest } from "./graphql-request.ts";
import { CURL, curlRequest, HTTPIE, httpieRequest, type Request, WGET, wgetRequest } from "./http-requests.ts";
import { isGraphqlUrl, restMergeRoute } from "./merge-routes.ts";
import { judgeReviewRoute } from "./review-routes.ts";

const CLIENTS: Readonly<
  Record<HttpClient, { spec: OptionSpec; request: (s: Interspersed, stdinPiped: boolean) => Request }>
> = {
  curl: { spec: CURL, request: curlRequest },
  wget: { spec: WGET, request: wgetRequest },
  http: { spec: HTTPIE, request: httpieRequest },
  https: { spec: HTTPIE, request: httpieRequest },
  xh: { spec: HTTPIE, request: httpieRequest },
  xhs: { spec: HTTPIE, request: httpieRequest },
};

export function analyzeHttp(name: string, inv: Invocation, ctx: Ctx): void {
  if (!isHttpClient(name)) return;
  const client = CLIENTS[name];
  const piped = inv.stdin.kind !== "none";
  for (const words of requests(name, inv.args.slice(1))) {
    const req = client.request(scanInterspersed(words, client.spec), piped);
    judgeRequest(name, inv, ctx, req);
    if (req.hidden) unknownPart(ctx, inv, `${name} reads options or URLs from a file`);
    else if (req.urls.length === 0 && inv.open) unknownPart(ctx, inv, `${name} gets its URL at run time`);
  }
}

/** curl sends one request per `--next` (`-:`), each with its own method and data. */
function requests(name: string, args: Arg[]): Arg[][] {
  if (name !== "curl") return [args];
  const out: Arg[][] = [[]];
  for (const a of args) {
    if (a.value === "-:" || a.value === "--next") out.push([]);
    else out.at(-1)?.push(a);
  }
  return out;
}

function judgeRequest(name: string, inv: Invocation, ctx: Ctx, req: Request): void {
  for (const url of req.urls) {
    // Approval mode review: a change to the review record (branch protection included) is named as such whatever
    // else the call is, so the reason says the marker does not approve it.
    const review = judgeReviewRoute(ctx, inv, url.text, req.method, req.params);
    const verdict = restMergeRoute(url.text, req.method, req.params, ctx.facts);
    if (verdict && "merge" in verdict) {
      addMerge(ctx, inv, `${name} ${verdict.merge}`);
      return;
    }
    if (verdict) {
      addUnprovable(ctx, inv, verdict.unknown);
      return;
    }
    if (review) return;
    if (isGraphqlUrl(url.text)) {
      judgeBodies(name, inv, ctx, req);
      return;
    }
    if (url.value === null) unknownPart(ctx, inv, `the ${name} URL is known only at run time`);
  }
}

function judgeBodies(name: string, inv: Invocation, ctx: Ctx, req: Request): void {
  // HTTPie sends piped input as the request body.
  const httpie = own(CLIENTS, name)?.spec === HTTPIE;
  if (httpie && req.bodies.length === 0 && inv.stdin.kind !== "none") {
    judgeGraphqlRequest(inv, ctx, name, "-", "", { value: "", text: "", glob: false, opaque: false });
  }
  for (const b of req.bodies) judgeGraphqlRequest(inv, ctx, name, b.file, b.arg.text, b.arg, req.params);
}
