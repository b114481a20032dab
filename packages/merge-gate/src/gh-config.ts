// gh's aliases from its config.yml: only the top-level `aliases:` map is read, with plain YAML scalars.

/** name → expansion; undefined when the map holds anything this reader does not understand. */
export function parseGhAliases(yaml: string): Map<string, string> | undefined {
  const aliases = new Map<string, string>();
  const lines = yaml.split(/\r?\n/);
  const start = lines.findIndex((l) => /^aliases:\s*(#.*)?$/.test(l) || /^aliases:\s*\{\s*\}\s*$/.test(l));
  if (start < 0) return /^aliases:/m.test(yaml) ? undefined : aliases;
  if (/\{\s*\}/.test(lines[start] ?? "")) return aliases;
  let indent: string | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const lead = /^\s*/.exec(line)?.[0] ?? "";
    if (lead === "") break;
    indent ??= lead;
    if (lead !== indent) return undefined;
    const entry = /^\s+([^\s:#'"][^:#]*?|'[^']*'|"[^"\\]*"):\s+(.+?)\s*$/.exec(line);
    if (!entry?.[1] || !entry[2]) return undefined;
    const name = scalar(entry[1]);
    const value = scalar(entry[2]);
    if (name === undefined || value === undefined) return undefined;
    aliases.set(name, value);
  }
  return aliases;
}

function scalar(text: string): string | undefined {
  if (text.startsWith("'")) return /^'((?:[^']|'')*)'$/.exec(text)?.[1]?.replace(/''/g, "'");
  if (text.startsWith('"')) {
    const body = /^"((?:[^"\\]|\\["\\/nt])*)"$/.exec(text)?.[1];
    return body?.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
  }
  // Block scalars, anchors, tags, flow collections: not read.
  if (/^[|>&*!{[@`%]/.test(text)) return undefined;
  return text.replace(/\s+#.*$/, "");
}
