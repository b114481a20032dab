// The parameters an API call sends (gh fields, a JSON or form body, the query string), as far as the command
// line tells: a route that lands work only on some branches is judged by its `branch`, `base` or `ref` value.

/** A `name=value` field (gh's -f/-F): null parts are known only at run time. */
export interface Field {
  name: string | null;
  value: string | null;
}

/** What a call sends. `bodies` are JSON or form texts; `hidden` when a body is read from a file or stdin. */
export interface ApiParams {
  fields: Field[];
  bodies: { text: string; dynamic: boolean }[];
  hidden: boolean;
}

/** The values a parameter gets; `unknown` when one may hide in a part known only at run time. */
export interface ParamValues {
  known: string[];
  unknown: boolean;
}

export const NO_PARAMS: ApiParams = { fields: [], bodies: [], hidden: false };

/** JSON string escapes (`\u0050`, `\"`, `\/`) decoded, so that a name cannot hide behind them. */
export function decodeJsonEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_, e: string) => {
    if (e.length === 5) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" } as Record<string, string>)[e] ?? e;
  });
}

/**
 * Values of `name` in the fields (also nested, `input[branch]=main`), in the bodies (`"name": "v"`, `name: "v"`,
 * `name=v`) and in the URL's query string.
 */
export function paramValues(params: ApiParams, url: string, name: string): ParamValues {
  const known: string[] = [];
  let unknown = params.hidden;
  for (const f of params.fields) {
    if (f.name === null) unknown = true;
    else if (f.name === name || f.name.endsWith(`[${name}]`)) {
      if (f.value === null) unknown = true;
      else known.push(f.value);
    }
  }
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  const texts = [...params.bodies, { text: query, dynamic: /[$`]/.test(query) }];
  // A name may come from the call itself (a GraphQL variable's): it is matched as written, never as a pattern.
  const literal = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|[^\\w])${literal}["']?\\s*[:=]\\s*["']?([^"'&,}\\s]*)`, "g");
  for (const body of texts) {
    const text = decodeJsonEscapes(safeDecodeUri(body.text));
    if (body.dynamic) unknown = true;
    for (const m of text.matchAll(pattern)) {
      const value = m[1] ?? "";
      // A `$name` in a literal body is sent as written (or names a GraphQL variable: see merge-routes.ts).
      if (value === "") unknown = true;
      else known.push(value);
    }
  }
  return { known, unknown };
}

/** `%2F` and friends decoded where possible (a path or query may spell `heads%2Fmain`). */
export function safeDecodeUri(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
