// Every supported CLI's places (its package's places.ts, through @hookrail/clis/places) read into the three forms the
// gate checks paths against: folders from the environment, relative paths wherever they sit, and the variables a
// command may name them by. Pure, and worked out once per process.
import { PLACES } from "@hookrail/clis/places";
import type { CliPlace, CliPlaces } from "@hookrail/core/cli-places";

/** A place whose folder comes from the environment: `$VAR/rest`, `~/rest` (var "" is the home folder), `/abs`. */
export interface EnvPlace {
  /** The variable that holds its folder; "~" for the home folder; "" for an absolute path in `rest`. */
  from: string;
  /** The rest of the path after the folder ("" for the folder itself), without a leading slash. */
  rest: string;
  tree: boolean;
  what: string;
}

/** A relative path that is protected wherever it sits (a project, another user's home). */
export interface AnywherePlace {
  rest: string;
  tree: boolean;
  what: string;
}

export interface ReadPlaces {
  env: readonly EnvPlace[];
  anywhere: readonly AnywherePlace[];
  /** The variables the places name (CODEX_HOME…). */
  vars: readonly string[];
  /** Top-level folders that belong to a CLI (`.claude`). */
  ownFolders: ReadonlySet<string>;
}

const VAR = /^\{\$(\w+),([^}]*)\}(.*)$|^\$(\w+)(.*)$/;

/** One place read; throws on a path the syntax does not allow (a test reads every CLI's). */
export function readPlace(place: CliPlace, into: { env: EnvPlace[]; anywhere: AnywherePlace[]; vars: Set<string> }) {
  const tree = place.path.endsWith("/**");
  const path = tree ? place.path.slice(0, -3) : place.path;
  const { what } = place;
  const m = VAR.exec(path);
  if (m) {
    const name = (m[1] ?? m[4]) as string;
    const rest = (m[1] ? m[3] : m[5]) as string;
    if (rest !== "" && !rest.startsWith("/")) throw new Error(`${place.path}: a variable is a whole folder`);
    into.vars.add(name);
    into.env.push({ from: name, rest: rest.slice(1), tree, what });
    // The default is protected whatever the variable says.
    if (m[1]) readPlace({ path: `${m[2]}${rest}${tree ? "/**" : ""}`, what }, into);
    return;
  }
  if (path.startsWith("**/")) {
    into.anywhere.push({ rest: path.slice(3), tree, what });
    return;
  }
  if (path === "~" || path.startsWith("~/")) {
    const rest = path.slice(2);
    into.env.push({ from: "~", rest, tree, what });
    if (rest) into.anywhere.push({ rest, tree, what });
    return;
  }
  if (path.startsWith("/")) {
    into.env.push({ from: "", rest: path.slice(1), tree, what });
    return;
  }
  throw new Error(`${place.path}: not a place (~/…, {$VAR,…}…, $VAR…, /… or **/…)`);
}

/** The places of these CLIs, read. */
export function readPlaces(clis: readonly CliPlaces[]): ReadPlaces {
  const into = { env: [] as EnvPlace[], anywhere: [] as AnywherePlace[], vars: new Set<string>() };
  for (const cli of clis) for (const place of cli.protected) readPlace(place, into);
  return {
    env: into.env,
    anywhere: into.anywhere,
    vars: [...into.vars],
    ownFolders: new Set(clis.flatMap((cli) => cli.ownFolders)),
  };
}

let read: ReadPlaces | undefined;

/** Every supported CLI's places, read once. */
export const cliPlaces = (): ReadPlaces => {
  read ??= readPlaces(Object.values(PLACES));
  return read;
};

/**
 * The words that name every CLI's places (place-words.ts), as places-table.ts holds them: worked out when the
 * table is generated, since escaping and joining them on every hook call costs more than reading the places.
 */
export interface PlacesTable {
  /** Each CLI's own folders as a prefilter looks for them. */
  ownFolderWords: readonly string[];
  /** Words without one of which no command names a CLI's place or runs its hooks-off command. */
  triggerWords: readonly string[];
  /** Fragments of text that name a CLI's protected place. */
  mentionSources: readonly string[];
  /**
   * The first folder (lower case) of every place protected wherever it sits: a path with none of them among its
   * folders is in no such place, nor above one.
   */
  anywhereHeads: readonly string[];
}
