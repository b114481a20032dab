// What a command line has done so far, as far as the gate follows it: the shell's directory and variables
// (lost when a subshell ends) and the repositories' branches and config (on disk: they outlive any subshell).
// Where the line's course is uncertain (`||`, `if`, loops), the analysis keeps every world it could be in.

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

export interface ShellVar {
  /** null: known only at run time. */
  value: string | null;
  exported: boolean;
}

export interface World {
  /** The shell's directory (absolute); null when not known. */
  readonly cwd: string | null;
  /** `cd -` goes here; undefined when the line has not changed directory yet. */
  readonly oldpwd: string | null | undefined;
  /** pushd's stack. */
  readonly stack: readonly (string | null)[];
  readonly vars: ReadonlyMap<string, ShellVar>;
  /** Functions defined by the line, by name. */
  readonly functions: ReadonlyMap<string, unknown>;
  readonly heads: readonly HeadChange[];
  readonly config: readonly ConfigChange[];
  readonly ghAliases: readonly GhAliasChange[];
}

// Past this many worlds they are joined into one that knows only what they all agree on.
const MAX_WORLDS = 12;

export function startWorld(cwd: string): World {
  return {
    cwd,
    oldpwd: undefined,
    stack: [],
    vars: new Map(),
    functions: new Map(),
    heads: [],
    config: [],
    ghAliases: [],
  };
}

/** The shell's part of `inner`'s state goes back to `outer`'s (the end of a subshell); the repositories' stays. */
export function keepShell(outer: World, inner: World): World {
  return {
    ...outer,
    heads: inner.heads,
    config: inner.config,
    ghAliases: inner.ghAliases,
  };
}

const keys = new WeakMap<World, string>();
const branchKey = (b: BranchValue) => (b === ON_DISK ? "\u0001" : String(b));

function keyOf(w: World): string {
  let k = keys.get(w);
  if (k !== undefined) return k;
  const vars = [...w.vars].map(([n, v]) => `${n}=${v.exported ? "x" : ""}${v.value}`).join("\u0002");
  const heads = w.heads.map((h) => `${h.dir}|${h.root}|${branchKey(h.branch)}|${branchKey(h.from)}`).join("\u0002");
  const config = w.config.map((c) => `${c.dir}|${c.key}|${c.value}|${c.add}`).join("\u0002");
  const gh = w.ghAliases.map((a) => `${a.name}|${a.expansion}`).join("\u0002");
  const fns = [...w.functions.keys()].join("\u0002");
  k = [w.cwd, w.oldpwd, w.stack.join("\u0002"), vars, heads, config, gh, fns].join("\u0003");
  keys.set(w, k);
  return k;
}

/** Every world once; too many are joined. */
export function distinct(worlds: readonly World[]): World[] {
  if (worlds.length <= 1) return [...worlds];
  const seen = new Map<string, World>();
  for (const w of worlds) seen.set(keyOf(w), w);
  const out = [...seen.values()];
  return out.length > MAX_WORLDS ? [out.reduce(join)] : out;
}

/** Each item once (by its text), keeping the last of equals: joined worlds must not grow with every join. */
function unique<T>(items: T[], text: (v: T) => string): T[] {
  return [...new Map(items.map((i) => [text(i), i] as const)).values()];
}

export function worldsKey(worlds: readonly World[]): string {
  return worlds.map(keyOf).join("\u0004");
}

/** What two worlds agree on; where they differ, not known. Repository changes of both are kept. */
function join(a: World, b: World): World {
  const vars = new Map<string, ShellVar>();
  for (const [name, v] of a.vars) {
    const o = b.vars.get(name);
    vars.set(name, { value: o && o.value === v.value ? v.value : null, exported: v.exported || !!o?.exported });
  }
  for (const [name, v] of b.vars) if (!a.vars.has(name)) vars.set(name, { value: null, exported: v.exported });
  const functions = new Map([...a.functions, ...b.functions]);
  const same = <T>(x: T, y: T) => (x === y ? x : null);
  // Changes only one world made may or may not have happened: a head change may then apply to any checkout,
  // a config value or alias is not known.
  const list = <T>(x: readonly T[], y: readonly T[], text: (v: T) => string, vague: (v: T) => T): T[] =>
    x.map(text).join("\u0002") === y.map(text).join("\u0002") ? [...x] : unique([...x, ...y].map(vague), text);
  const heads = list(
    a.heads,
    b.heads,
    (h) => `${h.dir}|${h.root}|${branchKey(h.branch)}|${branchKey(h.from)}`,
    (h) => ({ ...h, dir: null, root: false }),
  );
  const config = list(
    a.config,
    b.config,
    (c) => `${c.dir}|${c.key}|${c.value}|${c.add}`,
    (c) => ({ ...c, value: null, add: true }),
  );
  const ghAliases = list(
    a.ghAliases,
    b.ghAliases,
    (g) => `${g.name}|${g.expansion}`,
    (g) => ({ ...g, expansion: null }),
  );
  return {
    cwd: same(a.cwd, b.cwd),
    oldpwd: a.oldpwd === b.oldpwd ? a.oldpwd : null,
    stack: a.stack.length === b.stack.length ? a.stack.map((d, i) => same(d, b.stack[i] ?? null)) : [null],
    vars,
    functions,
    heads,
    config,
    ghAliases,
  };
}
