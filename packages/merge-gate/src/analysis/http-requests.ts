// What an HTTP client call sends where: the URLs, method and bodies of curl, wget and HTTPie command lines.
import { hasOption, type Interspersed, type OptionSpec, optionValue } from "./scan-options.ts";
import type { Arg } from "./shell-words.ts";

/** A request body: its text, or `file` for `@path` (`-` = stdin). */
export interface Body {
  arg: Arg;
  file: string | undefined;
}

/** One HTTP call as far as it matters here. */
export interface Request {
  urls: Arg[];
  explicitMethod: string | null;
  bodies: Body[];
  /** Options or URLs come from a file the analysis cannot read (curl -K, wget -i). */
  hidden: boolean;
}

const words = (list: string) => list.split(" ");
const CURL_DATA = words("-d --data --data-raw --data-binary --data-ascii --data-urlencode --json");
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

export function curlRequest(scan: Interspersed): Request {
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

export function wgetRequest(scan: Interspersed): Request {
  const bodies = scan.options.flatMap((o): Body[] => {
    if (!o.value) return [];
    if (o.name === "--post-data" || o.name === "--body-data") return [{ arg: o.value, file: undefined }];
    if (o.name === "--post-file" || o.name === "--body-file") return [{ arg: o.value, file: o.value.text }];
    return [];
  });
  const explicitMethod = optionValue(scan, "--method")?.text ?? null;
  return { urls: scan.operands, explicitMethod, bodies, hidden: hasOption(scan, "-i", "--input-file") };
}

export function httpieRequest(scan: Interspersed): Request {
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
