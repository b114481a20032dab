// curl, wget and HTTPie calling the GitHub merge API directly (any host: api.github.com or GHE's /api/v3/).
import { addMerge, type Ctx, type Invocation, unknownPart } from "./context.ts";
import { judgeGraphqlRequest } from "./graphql-request.ts";
import { isGraphqlUrl, restMergeRoute } from "./merge-routes.ts";
import { hasOption, type Interspersed, type OptionSpec, optionValue, scanInterspersed } from "./scan-options.ts";
import type { Arg } from "./shell-words.ts";

/** A request body: its text, or `file` for `@path` (`-` = stdin). */
interface Body {
  arg: Arg;
  file: string | undefined;
}

/** One HTTP call as far as it matters here. */
interface Request {
  urls: Arg[];
  explicitMethod: string | null;
  bodies: Body[];
  /** Options or URLs come from a file the analysis cannot read (curl -K, wget -i). */
  hidden: boolean;
}

const CURL_DATA = ["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json"];
const CURL = {
  short: "dHXouAebcFTwKxmrEUyYztQCP",
  long: [
    ...CURL_DATA,
    "--url",
    "--request",
    "--header",
    "--output",
    "--user",
    "--user-agent",
    "--referer",
    "--cookie",
    "--cookie-jar",
    "--form",
    "--form-string",
    "--upload-file",
    "--write-out",
    "--config",
    "--proxy",
    "--max-time",
    "--connect-timeout",
    "--retry",
    "--cacert",
    "--cert",
    "--key",
    "--resolve",
    "--oauth2-bearer",
    "--url-query",
  ],
};
const WGET = {
  short: "OoaetTwUPQiBDIXARl",
  long: [
    "--method",
    "--post-data",
    "--post-file",
    "--body-data",
    "--body-file",
    "--header",
    "--user",
    "--password",
    "--output-document",
    "--output-file",
    "--user-agent",
    "--referer",
    "--input-file",
    "--execute",
    "--tries",
  ],
};
const HTTPIE = {
  short: "aAops",
  long: [
    "--auth",
    "--auth-type",
    "--output",
    "--print",
    "--style",
    "--session",
    "--session-read-only",
    "--verify",
    "--cert",
    "--cert-key",
    "--proxy",
    "--pretty",
    "--timeout",
    "--max-redirects",
    "--default-scheme",
    "--raw",
  ],
};

function curlRequest(scan: Interspersed): Request {
  const url = optionValue(scan, "--url");
  let explicitMethod = optionValue(scan, "-X", "--request")?.text ?? null;
  if (hasOption(scan, "-G", "--get")) explicitMethod = "GET";
  if (hasOption(scan, "-I", "--head")) explicitMethod = "HEAD";
  const bodies = scan.options.flatMap((o): Body[] => {
    if (!o.value) return [];
    if (CURL_DATA.includes(o.name)) return [dataBody(o.value)];
    return o.name === "-T" || o.name === "--upload-file" ? [{ arg: o.value, file: o.value.text }] : [];
  });
  return {
    urls: url ? [...scan.operands, url] : scan.operands,
    explicitMethod,
    bodies,
    hidden: hasOption(scan, "-K", "--config"),
  };
}

function wgetRequest(scan: Interspersed): Request {
  const bodies = scan.options.flatMap((o): Body[] => {
    if (!o.value) return [];
    if (o.name === "--post-data" || o.name === "--body-data") return [{ arg: o.value, file: undefined }];
    if (o.name === "--post-file" || o.name === "--body-file") return [{ arg: o.value, file: o.value.text }];
    return [];
  });
  const explicitMethod = optionValue(scan, "--method")?.text ?? null;
  return { urls: scan.operands, explicitMethod, bodies, hidden: hasOption(scan, "-i", "--input-file") };
}

function httpieRequest(scan: Interspersed): Request {
  const [first, ...more] = scan.operands;
  const hasMethod =
    first?.value !== undefined && first.value !== null && /^[A-Za-z]+$/.test(first.value) && more.length > 0;
  const [url, ...items] = hasMethod ? more : scan.operands;
  const raw = optionValue(scan, "--raw");
  const bodies = [...items, ...(raw ? [raw] : [])].map((arg): Body => {
    const at = /^(?:[^=@:]*:?=)?@(.*)$/s.exec(arg.text);
    return { arg, file: at ? at[1] : undefined };
  });
  return { urls: url ? [url] : [], explicitMethod: hasMethod ? (first?.value ?? null) : null, bodies, hidden: false };
}

/** curl's `-d @file` reads a file (`@-` stdin); `--data-raw` never does, but treating it alike is harmless. */
function dataBody(arg: Arg): Body {
  return { arg, file: arg.text.startsWith("@") ? arg.text.slice(1) : undefined };
}

const CLIENTS: Record<string, { spec: OptionSpec; request: (s: Interspersed) => Request }> = {
  curl: { spec: CURL, request: curlRequest },
  wget: { spec: WGET, request: wgetRequest },
  http: { spec: HTTPIE, request: httpieRequest },
  https: { spec: HTTPIE, request: httpieRequest },
  xh: { spec: HTTPIE, request: httpieRequest },
  xhs: { spec: HTTPIE, request: httpieRequest },
};

export function isHttpClient(name: string): boolean {
  return name in CLIENTS;
}

export function analyzeHttp(name: string, inv: Invocation, ctx: Ctx): void {
  const client = CLIENTS[name];
  if (!client) return;
  const req = client.request(scanInterspersed(inv.args.slice(1), client.spec));
  const effective = req.explicitMethod ?? (req.bodies.length > 0 ? "POST" : "GET");
  let judged = false;
  for (const url of req.urls) {
    const route = restMergeRoute(url.text, req.explicitMethod, effective, ctx.facts);
    if (route) addMerge(ctx, inv, `${name} ${route}`);
    else if (isGraphqlUrl(url.text)) judgeBodies(name, inv, ctx, req);
    else if (url.value === null) unknownPart(ctx, inv, `the ${name} URL is known only at run time`);
    judged ||= route !== null || isGraphqlUrl(url.text);
    if (judged) break;
  }
  if (req.hidden) unknownPart(ctx, inv, `${name} reads options or URLs from a file`);
  else if (req.urls.length === 0 && inv.open) unknownPart(ctx, inv, `${name} gets its URL at run time`);
}

function judgeBodies(name: string, inv: Invocation, ctx: Ctx, req: Request): void {
  // HTTPie sends piped input as the request body.
  const httpie = CLIENTS[name]?.spec === HTTPIE;
  if (httpie && req.bodies.length === 0 && inv.stdin.kind !== "none") {
    judgeGraphqlRequest(inv, ctx, name, "-", "", { value: "", text: "", glob: false, opaque: false });
  }
  for (const b of req.bodies) judgeGraphqlRequest(inv, ctx, name, b.file, b.arg.text, b.arg);
}
