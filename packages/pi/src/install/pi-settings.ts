// Pi's settings can switch a discovered extension off: each settings.json's "extensions" list may hold
// `!glob` (exclude), `+path` (force-include) and `-path` (force-exclude) entries, applied to the extensions of its
// own scope (~/.pi/agent/settings.json to ~/.pi/agent/extensions, .pi/settings.json to .pi/extensions). A path is
// matched relative to the settings file's folder, by its file name, or whole (Pi 0.73.1's package manager).
import { basename, dirname, relative } from "node:path";
import { parseJsonc, readText } from "@hookrail/install-kit";

/** A glob as Pi matches it: `**` across folders, `*` and `?` within one. */
function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      out += ".*";
      i++;
      if (glob[i + 1] === "/") i++;
    } else if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** The settings file of `entry`'s scope that switches it off (`entry`: the extension's index.js), if one does. */
export function piExclusion(settingsFile: string, entry: string): string | undefined {
  const text = readText(settingsFile);
  if (text === null) return undefined;
  let list: unknown;
  try {
    list = (parseJsonc(text, settingsFile) as { extensions?: unknown })?.extensions;
  } catch {
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  const base = dirname(settingsFile);
  const names = [relative(base, entry), basename(entry), entry];
  const exact = (p: string) => names.includes(p.startsWith("./") ? p.slice(2) : p);
  const patterns = list.filter((p): p is string => typeof p === "string");
  let enabled = !patterns.some((p) => p.startsWith("!") && names.some((n) => globToRegExp(p.slice(1)).test(n)));
  if (patterns.some((p) => p.startsWith("+") && exact(p.slice(1)))) enabled = true;
  if (patterns.some((p) => p.startsWith("-") && exact(p.slice(1)))) enabled = false;
  return enabled ? undefined : settingsFile;
}
