// Whether two versions of a settings file mean the same: for JSON and TOML, the same values once
// empty objects and lists are left out (`{"hooks": {}}` means what an absent file means); for any
// other file, the same text.
import { parse } from "jsonc-parser";
import { getStaticTOMLValue, parseTOML } from "toml-eslint-parser";

/** The value with empty objects and arrays removed (recursively); undefined when nothing is left. */
export function pruned(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, pruned(v)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

function settingsValue(path: string, text: string | null): { ok: boolean; value?: unknown } {
  if (text === null || text.trim() === "") return { ok: true };
  try {
    if (path.endsWith(".toml")) return { ok: true, value: getStaticTOMLValue(parseTOML(text)) };
    if (path.endsWith(".json")) {
      const errors: unknown[] = [];
      const value = parse(text, errors as never, { allowTrailingComma: true });
      return errors.length ? { ok: false } : { ok: true, value };
    }
  } catch {
    return { ok: false };
  }
  return { ok: false };
}

export function sameContent(path: string, a: string | null, b: string | null): boolean {
  if (a === b) return true;
  const x = settingsValue(path, a);
  const y = settingsValue(path, b);
  return x.ok && y.ok && JSON.stringify(pruned(x.value)) === JSON.stringify(pruned(y.value));
}
