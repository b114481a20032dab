// What an HTTP client call sends where: the URLs, method and bodies of curl, wget and HTTPie command lines.

import {
  type Arg,
  flagState,
  hasOption,
  type Interspersed,
  type OptionSpec,
  optionValue,
} from "@hookrail/shell/engine";
import type { ApiParams, Field } from "./api-params.ts";

/** A request body: its text, or `file` for `@path` (`-` = stdin). */
export interface Body {
  arg: Arg;
  file: string | undefined;
}

/** One HTTP call as far as it matters here. */
export interface Request {
  urls: Arg[];
  /** The method it sends: "?" when known only at run time. */
  method: string;
  /** Bodies that may hold a GraphQL document. */
  bodies: Body[];
  /** Parameters for routes that depend on them (a branch, a base). */
  params: ApiParams;
  /** Options or URLs come from a file the analysis cannot read (curl -K, wget -i). */
  hidden: boolean;
}

const words = (list: string) => list.split(" ");
const CURL_DATA = words("-d --data --data-raw --data-binary --data-ascii --data-urlencode --json");
const CURL_FORM = words("-F --form --form-string");
// Options whose value is not a URL (their values are skipped when looking for URLs).
export const CURL: OptionSpec = {
  short: "dHXouAebcFTwKxmrEUyYztQCP",
  long: [
    ...CURL_DATA,
    ...words("--url --request --header --output --user --user-agent --referer --cookie --cookie-jar --form"),
    ...words("--form-string --upload-file --write-out --config --proxy --max-time --connect-timeout --retry"),
    ...words("--cacert --cert --key --resolve --oauth2-bearer --url-query"),
  ],
};
export const WGET: OptionSpec = {
  short: "OoaetTwUPQiBDIXARl",
  long: [
    ...words("--method --post-data --post-file --body-data --body-file --header --user --password"),
    ...words("--output-document --output-file --user-agent --referer --input-file --execute --tries"),
  ],
};
export const HTTPIE: OptionSpec = {
  short: "aAops",
  long: [
    ...words("--auth --auth-type --output --print --style --session --session-read-only --verify --cert"),
    ...words("--cert-key --proxy --pretty --timeout --max-redirects --default-scheme --raw"),
  ],
};

/** One curl request (words between `--next`): an explicit -X wins over -G and -I, which `--no-get`/`--no-head` undo. */
export function curlRequest(scan: Interspersed): Request {
  const url = optionValue(scan, "--url");
  const explicit = scan.options.findLast((o) => o.name === "-X" || o.name === "--request");
  const upload = scan.options.some((o) => o.name === "-T" || o.name === "--upload-file");
  const bodies = scan.options.flatMap((o): Body[] => {
    if (!o.value) return [];
    if (CURL_DATA.includes(o.name)) return [dataBody(o.value)];
    return o.name === "-T" || o.name === "--upload-file" ? [{ arg: o.value, file: o.value.text }] : [];
  });
  const forms = scan.options.filter((o) => CURL_FORM.includes(o.name));
  let method = "GET";
  if (explicit) method = explicit.value?.value ?? "?";
  else if (flagState(scan, ["-I", "--head"], ["--no-head"]) === true) method = "HEAD";
  else if (upload) method = "PUT";
  else if (flagState(scan, ["-G", "--get"], ["--no-get"]) === true) method = "GET";
  else if (bodies.length > 0 || forms.length > 0) method = "POST";
  const fields = forms.map((o) => field(o.value, /^[^=]*=[@<]/));
  return {
    urls: url ? [...scan.operands, url] : scan.operands,
    method,
    bodies,
    params: paramsOf(bodies, fields, upload),
    hidden: hasOption(scan, "-K", "--config"),
  };
}

export function wgetRequest(scan: Interspersed): Request {
  const bodies = scan.options.flatMap((o): Body[] => {
    if (!o.value) return [];
    if (o.name === "--post-data" || o.name === "--body-data") return [{ arg: o.value, file: undefined }];
    if (o.name === "--post-file" || o.name === "--body-file") return [{ arg: o.value, file: o.value.text }];
    return [];
  });
  const explicit = optionValue(scan, "--method");
  // `-e method=PUT` sets the method through a wgetrc command.
  let method = bodies.length > 0 ? "POST" : hasOption(scan, "-e", "--execute") ? "?" : "GET";
  if (explicit) method = explicit.value ?? "?";
  return {
    urls: scan.operands,
    method,
    bodies,
    params: paramsOf(bodies, [], false),
    hidden: hasOption(scan, "-i", "--input-file"),
  };
}

/** HTTPie: `[METHOD] URL [items]`; data items or piped input make it a POST. */
export function httpieRequest(scan: Interspersed, stdinPiped: boolean): Request {
  const [first, ...more] = scan.operands;
  const hasMethod =
    first?.value !== undefined && first.value !== null && /^[A-Za-z]+$/.test(first.value) && more.length > 0;
  const [url, ...items] = hasMethod ? more : scan.operands;
  const raw = optionValue(scan, "--raw");
  const bodies = [...items, ...(raw ? [raw] : [])].map((arg): Body => {
    const at = /^(?:[^=@:]*:?=)?@(.*)$/s.exec(arg.text);
    return { arg, file: at ? at[1] : undefined };
  });
  const piped = stdinPiped && !hasOption(scan, "--ignore-stdin", "-I");
  const data = items.some((a) => !/^[^=:]*:[^=]/.test(a.text) && !/^[^=]*==/.test(a.text));
  let method = data || raw || piped ? "POST" : "GET";
  if (hasMethod) method = first?.value ?? "?";
  const fields = items.map((a) => field(a, /^[^=@:]*:?=@|^[^=@:]*@/));
  return { urls: url ? [url] : [], method, bodies, params: paramsOf(bodies, fields, piped), hidden: false };
}

/** `name=value` (also `name:=json`, `name==query`); `fromFile` tells when the value is read from a file. */
function field(arg: Arg | undefined, fromFile: RegExp): Field {
  const text = arg?.text ?? "";
  const m = /^([^=:@]*)(?::?=|==)(.*)$/s.exec(text);
  if (!m) return { name: null, value: null };
  const dynamic = arg?.value === null || fromFile.test(text);
  return { name: /[$`]/.test(m[1] ?? "") ? null : (m[1] ?? ""), value: dynamic ? null : (m[2] ?? "") };
}

function paramsOf(bodies: Body[], fields: Field[], hidden: boolean): ApiParams {
  return {
    fields,
    bodies: bodies
      .filter((b) => b.file === undefined)
      .map((b) => ({ text: b.arg.text, dynamic: b.arg.value === null })),
    hidden: hidden || bodies.some((b) => b.file !== undefined),
  };
}

/** curl's `-d @file` reads a file (`@-` stdin); `--data-raw` never does, but treating it alike is harmless. */
function dataBody(arg: Arg): Body {
  return { arg, file: arg.text.startsWith("@") ? arg.text.slice(1) : undefined };
}
