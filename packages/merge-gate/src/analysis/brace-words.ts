// Bash's brace expansion of one word (`.claude{,.bak}` is `.claude .claude.bak`, `.{pi,x}`, `f{1..3}`): the shell
// analysis keeps such a word as text known only at run time, and a file change must be judged on every name it makes.

/** The words `text` expands to; undefined past `limit` words (too many to judge one by one). */
export function expandBraces(text: string, limit = 64): string[] | undefined {
  for (let i = text.indexOf("{"); i >= 0; i = text.indexOf("{", i + 1)) {
    // `${var}` is a parameter, not a brace expansion.
    if (text[i - 1] === "$") continue;
    const end = closing(text, i);
    if (end < 0) return [text];
    const alternatives = choices(text.slice(i + 1, end), limit);
    if (alternatives === TOO_MANY) return undefined;
    if (!alternatives) continue;
    const out: string[] = [];
    for (const alternative of alternatives) {
      const more = expandBraces(text.slice(0, i) + alternative + text.slice(end + 1), limit);
      if (!more) return undefined;
      out.push(...more);
      if (out.length > limit) return undefined;
    }
    return out;
  }
  return [text];
}

/** The index of the `}` closing the `{` at `start`, or -1. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let j = start; j < text.length; j++) {
    if (text[j] === "{") depth++;
    else if (text[j] === "}" && --depth === 0) return j;
  }
  return -1;
}

const TOO_MANY = "too many";

/** `a,b,{c,d}` → its top-level parts; `1..3`, `a..c` → the sequence; undefined when it is no expansion (`{x}`). */
function choices(body: string, limit: number): string[] | typeof TOO_MANY | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let j = 0; j < body.length; j++) {
    if (body[j] === "{") depth++;
    else if (body[j] === "}") depth--;
    else if (body[j] === "," && depth === 0) {
      parts.push(body.slice(from, j));
      from = j + 1;
    }
  }
  if (parts.length > 0) return [...parts, body.slice(from)];
  const seq = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!seq) return undefined;
  const [, a = "", b = "", stepText] = seq;
  const numeric = /\d/.test(a) && /\d/.test(b);
  if (!numeric && (/\d/.test(a) || /\d/.test(b))) return undefined;
  const x = numeric ? Number(a) : a.charCodeAt(0);
  const y = numeric ? Number(b) : b.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  if (Math.abs(y - x) / step > limit) return TOO_MANY;
  const out: string[] = [];
  for (let v = x; x <= y ? v <= y : v >= y; v += x <= y ? step : -step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
  }
  return out;
}
