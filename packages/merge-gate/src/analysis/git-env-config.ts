// git config given in a git command's own environment: GIT_CONFIG_COUNT with GIT_CONFIG_KEY_<n> and
// GIT_CONFIG_VALUE_<n>, and GIT_CONFIG_PARAMETERS (what `git -c` hands down to the git it runs). Values the line
// writes literally are read like `-c key=value`; anything else there hides git's config from the gate.
import { type Arg, literalArg } from "@hookrail/shell/engine";
import { configKey } from "./git-config.ts";

export interface EnvConfig {
  /** `key → value` (keys as configKey gives them; null: a value known only at run time). */
  entries: Map<string, Arg>;
  /** Config comes from these variables in a way the line does not show. */
  hidden: boolean;
}

// git reads at most this many pairs here; more is no real command line.
const MAX_COUNT = 100;

/** The config git reads from the command's environment (prefix assignments, `env NAME=…`). */
export function envConfig(env: ReadonlyMap<string, string | null> | undefined): EnvConfig {
  const entries = new Map<string, Arg>();
  if (!env) return { entries, hidden: false };
  let hidden = false;
  const count = env.get("GIT_CONFIG_COUNT");
  if (env.has("GIT_CONFIG_COUNT")) {
    const n = count != null && /^\d+$/.test(count) ? Number(count) : Number.NaN;
    if (!(n <= MAX_COUNT)) hidden = true;
    for (let i = 0; i < (n <= MAX_COUNT ? n : 0); i++) {
      const key = env.get(`GIT_CONFIG_KEY_${i}`);
      if (key == null || !env.has(`GIT_CONFIG_VALUE_${i}`)) {
        hidden = true;
        continue;
      }
      const value = env.get(`GIT_CONFIG_VALUE_${i}`) ?? null;
      entries.set(configKey(key), value === null ? { ...literalArg(""), value: null } : literalArg(value));
    }
  } else if ([...env.keys()].some((k) => /^GIT_CONFIG_(?:KEY|VALUE)_\d+$/.test(k))) {
    // Without a count in the line, the count may come from the environment the line runs in.
    hidden = true;
  }
  if (env.has("GIT_CONFIG_PARAMETERS")) {
    const pairs = parseParameters(env.get("GIT_CONFIG_PARAMETERS") ?? null);
    if (pairs === undefined) hidden = true;
    else for (const [k, v] of pairs) entries.set(configKey(k), literalArg(v));
  }
  return { entries, hidden };
}

/**
 * GIT_CONFIG_PARAMETERS as git writes it: shell single-quoted words, `'key=value'` or `'key'='value'`, separated
 * by spaces. undefined when it is known only at run time or not in that form.
 */
export function parseParameters(text: string | null): [string, string][] | undefined {
  if (text === null) return undefined;
  const out: [string, string][] = [];
  let i = 0;
  const quoted = (): string | undefined => {
    if (text[i] !== "'") return undefined;
    let word = "";
    for (i++; ; ) {
      const end = text.indexOf("'", i);
      if (end < 0) return undefined;
      word += text.slice(i, end);
      i = end + 1;
      // `'\''` is a quote inside the word.
      if (text.startsWith("\\''", i)) {
        word += "'";
        i += 3;
      } else return word;
    }
  };
  while (i < text.length) {
    if (/\s/.test(text[i] as string)) {
      i++;
      continue;
    }
    const first = quoted();
    if (first === undefined) return undefined;
    if (text[i] === "=") {
      i++;
      const value = quoted();
      if (value === undefined) return undefined;
      out.push([first, value]);
      continue;
    }
    const eq = first.indexOf("=");
    // A key alone (`'core.bare'`) is a boolean set to true.
    out.push(eq < 0 ? [first, "true"] : [first.slice(0, eq), first.slice(eq + 1)]);
  }
  return out;
}
