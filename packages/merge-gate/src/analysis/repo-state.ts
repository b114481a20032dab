// The repositories' state as a command line changes it (branches checked out, config, gh aliases), carried in
// each of the shell analysis' worlds. It is on disk, so it outlives any subshell; where worlds are joined, a
// change only one of them made may or may not have happened.
import { type Domain, distinct as distinctWorlds, type World as ShellWorld } from "@hookrail/shell/engine";

/** The branch a checkout had before the command line changed it: read from the repository when needed. */
export const ON_DISK = Symbol("branch on disk");
/** A branch name; null when detached or not known. */
export type BranchValue = string | null | typeof ON_DISK;

/** `git checkout`, `git switch`, `git worktree add`…: which branch a checkout has out from then on. */
export interface HeadChange {
  /** The directory the command ran in (absolute), or null when not known. */
  dir: string | null;
  /** The checkout's top folder is exactly `dir` (a worktree added by the line). */
  root: boolean;
  branch: BranchValue;
  /** The branch before (for `git checkout -`). */
  from: BranchValue;
  /** For a new checkout: the folder of the repository it was made from, whose config it shares. */
  origin?: string | null;
}

/** `git config` run by the line: a key set, added or unset, in the repository at `dir` or globally. */
export interface ConfigChange {
  /** null: every repository (--global, --system). */
  dir: string | null | undefined;
  key: string;
  /** null: a value known only at run time; undefined: unset. */
  value: string | null | undefined;
  add: boolean;
}

/** `gh alias set/delete/import`: undefined name means every alias may have changed (import). */
export interface GhAliasChange {
  name: string | undefined;
  /** null: known only at run time; undefined: deleted. */
  expansion: string | null | undefined;
}

export interface World extends ShellWorld {
  readonly heads: readonly HeadChange[];
  readonly config: readonly ConfigChange[];
  readonly ghAliases: readonly GhAliasChange[];
}

const branchKey = (b: BranchValue) => (b === ON_DISK ? "\u0001" : String(b));
const headText = (h: HeadChange) => `${h.dir}|${h.root}|${branchKey(h.branch)}|${branchKey(h.from)}`;
const configText = (c: ConfigChange) => `${c.dir}|${c.key}|${c.value}|${c.add}`;
const aliasText = (g: GhAliasChange) => `${g.name}|${g.expansion}`;

/** Each item once (by its text), keeping the last of equals: joined worlds must not grow with every join. */
function unique<T>(items: T[], text: (v: T) => string): T[] {
  return [...new Map(items.map((i) => [text(i), i] as const)).values()];
}

// Changes only one world made may or may not have happened: a head change may then apply to any checkout,
// a config value or alias is not known.
function list<T>(x: readonly T[], y: readonly T[], text: (v: T) => string, vague: (v: T) => T): T[] {
  return x.map(text).join("\u0002") === y.map(text).join("\u0002") ? [...x] : unique([...x, ...y].map(vague), text);
}

export const REPOS: Domain<World> = {
  start: { heads: [], config: [], ghAliases: [] },
  key: (w) =>
    `${w.heads.map(headText).join("\u0002")}\u0003${w.config.map(configText).join("\u0002")}\u0003${w.ghAliases.map(aliasText).join("\u0002")}`,
  join: (a, b) => ({
    heads: list(a.heads, b.heads, headText, (h) => ({ ...h, dir: null, root: false })),
    config: list(a.config, b.config, configText, (c) => ({ ...c, value: null, add: true })),
    ghAliases: list(a.ghAliases, b.ghAliases, aliasText, (g) => ({ ...g, expansion: null })),
  }),
};

/** Every world once; too many are joined. */
export function distinct(worlds: readonly World[]): World[] {
  return distinctWorlds(worlds, REPOS);
}
