// The words by which a command or a script names a CLI's protected places, from every CLI's places: what the
// prefilters look for before any parsing, and what marks a text (interpreter code, a path known only at run time)
// as naming one. Worked out when places-table.ts is generated (placesTable), not on a hook call.
import type { CliPlaces } from "@hookrail/core/cli-places";
import { type PlacesTable, type ReadPlaces, readPlaces } from "./read-places.ts";

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

// A folder name this short (`.pi`) is also a field in code (`math.pi`): it counts only where a path would have it.
const SHORT = 3;
const asPath = String.raw`(?<![\w$)\]])`;

/** Each CLI's own folders, as they appear in a path: `\.claude`, and the short ones only where a path has them. */
function ownFolderWords(read: ReadPlaces): string[] {
  return [...read.ownFolders].map((folder) =>
    folder.length <= SHORT ? `${asPath}${literal(folder)}\\b` : literal(folder),
  );
}

/** Folder and the name in it that a telling fragment shows (`.claude…settings`, `.config…opencode`). */
function folderPairs(read: ReadPlaces): string[] {
  const next = new Map<string, Set<string>>();
  for (const place of read.anywhere) {
    const [first, second] = place.rest.split("/");
    if (!first?.startsWith(".") || !second) continue;
    const word = second.replace(/(?<=.)\..*$/, "");
    next.set(first, (next.get(first) ?? new Set()).add(literal(word)));
  }
  return [...next].map(([first, words]) => {
    const folder = first.length <= SHORT ? `${asPath}${literal(first)}` : literal(first);
    return `${folder}\\W{1,6}(?:${[...words].sort().join("|")})`;
  });
}

/** A fragment of text that names a CLI's protected place: a folder of its own, a telling pair, a variable. */
function mentionSources(read: ReadPlaces): string[] {
  const own = [...read.ownFolders];
  const long = own.filter((f) => f.length > SHORT).map((f) => literal(f.slice(1)));
  const short = own.filter((f) => f.length <= SHORT).map((f) => `${asPath}${literal(f)}(?![\\w./-])`);
  return [
    `\\.(?:${long.sort().join("|")})(?![\\w./-])`,
    ...short,
    ...folderPairs(read),
    `\\b(?:${read.vars
      .filter((v) => !/^(?:ProgramData|ProgramFiles|XDG_CONFIG_HOME)$/.test(v))
      .map(literal)
      .sort()
      .join("|")})\\b`,
  ];
}

/** Words without one of which no command names a CLI's place or runs a CLI's hooks-off command. */
function triggerWords(clis: readonly CliPlaces[], read: ReadPlaces): string[] {
  const names = new Set<string>();
  for (const folder of read.ownFolders) names.add(folder.length <= SHORT ? "" : literal(folder.slice(1)));
  for (const places of clis) for (const c of places.hooksOff?.commands ?? []) names.add(literal(c));
  names.delete("");
  const short = [...read.ownFolders].filter((f) => f.length <= SHORT).map((f) => `${literal(f)}\\b`);
  return [...[...names].sort(), ...short];
}

/** These CLIs' places read, with the words that name them: what places-table.ts holds for every CLI. */
export function placesTable(clis: readonly CliPlaces[]): PlacesTable {
  const read = readPlaces(clis);
  return {
    ownFolderWords: ownFolderWords(read),
    triggerWords: triggerWords(clis, read),
    mentionSources: mentionSources(read),
    anywhereHeads: [...new Set(read.anywhere.map((p) => (p.rest.split("/")[0] ?? "").toLowerCase()))].sort(),
  };
}
