// What a command line has done so far, as far as the analysis follows it: the shell's directory, variables and
// functions (lost when a subshell ends), plus the fields a domain adds (state on disk, such as a repository's
// branch or config: it outlives any subshell). Where the line's course is uncertain (`||`, `if`, loops), the
// analysis keeps every world it could be in.

export interface ShellVar {
  /** null: known only at run time. */
  value: string | null;
  exported: boolean;
}

/** The shell's own state. A domain extends it with fields of its own (see `Domain`). */
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
  /**
   * Files the line wrote by redirecting what a command prints (`echo … > run.sh`, `cat > run.sh <<EOF`, `tee`), by
   * absolute path: their text, or null when it is not known. They are on disk: a subshell's stay after it ends.
   */
  readonly files: ReadonlyMap<string, WrittenFile | null>;
}

/** A file's text as the line wrote it; `exact` false when printf or echo -e escapes were replayed loosely. */
export interface WrittenFile {
  text: string;
  exact: boolean;
}

/**
 * State a user of the analysis follows through the line besides the shell's own, kept as extra fields of each
 * world. It lives outside the shell (on disk), so it survives the end of a subshell.
 */
export interface Domain<W extends World = World> {
  /** The domain's fields where the line has changed nothing yet. */
  start: Omit<W, keyof World>;
  /** A text that is equal for equal domain fields. */
  key(world: W): string;
  /** The domain's fields two worlds agree on (where they differ: not known). */
  join(a: W, b: W): Omit<W, keyof World>;
}

/** No state besides the shell's. */
export const NO_DOMAIN: Domain = { start: {}, key: () => "", join: () => ({}) };

// Past this many worlds they are joined into one that knows only what they all agree on.
const MAX_WORLDS = 12;

export function startWorld<W extends World>(cwd: string, domain: Domain<W>): W {
  return {
    cwd,
    oldpwd: undefined,
    stack: [],
    vars: new Map(),
    functions: new Map(),
    files: new Map(),
    ...domain.start,
  } as unknown as W;
}

/** The shell's part of `inner`'s state goes back to `outer`'s (the end of a subshell); the domain's stays. */
export function keepShell<W extends World>(outer: W, inner: W): W {
  return {
    ...inner,
    cwd: outer.cwd,
    oldpwd: outer.oldpwd,
    stack: outer.stack,
    vars: outer.vars,
    functions: outer.functions,
  };
}

const keys = new WeakMap<World, string>();

function keyOf<W extends World>(w: W, domain: Domain<W>): string {
  let k = keys.get(w);
  if (k !== undefined) return k;
  const vars = [...w.vars].map(([n, v]) => `${n}=${v.exported ? "x" : ""}${v.value}`).join("\u0002");
  const fns = [...w.functions.keys()].join("\u0002");
  const files = [...w.files].map(([f, v]) => `${f}=${v ? `${v.exact}${v.text}` : null}`).join("\u0002");
  k = [w.cwd, w.oldpwd, w.stack.join("\u0002"), vars, domain.key(w), fns, files].join("\u0003");
  keys.set(w, k);
  return k;
}

/** Every world once; too many are joined. */
export function distinct<W extends World>(worlds: readonly W[], domain: Domain<W>): W[] {
  if (worlds.length <= 1) return [...worlds];
  const seen = new Map<string, W>();
  for (const w of worlds) seen.set(keyOf(w, domain), w);
  const out = [...seen.values()];
  return out.length > MAX_WORLDS ? [out.reduce((a, b) => join(a, b, domain))] : out;
}

export function worldsKey<W extends World>(worlds: readonly W[], domain: Domain<W>): string {
  return worlds.map((w) => keyOf(w, domain)).join("\u0004");
}

function sameFile(a: WrittenFile | null | undefined, b: WrittenFile | null | undefined): WrittenFile | null {
  return a && b && a.text === b.text && a.exact === b.exact ? a : null;
}

/** What two worlds agree on; where they differ, not known. */
function join<W extends World>(a: W, b: W, domain: Domain<W>): W {
  const vars = new Map<string, ShellVar>();
  for (const [name, v] of a.vars) {
    const o = b.vars.get(name);
    vars.set(name, { value: o && o.value === v.value ? v.value : null, exported: v.exported || !!o?.exported });
  }
  for (const [name, v] of b.vars) if (!a.vars.has(name)) vars.set(name, { value: null, exported: v.exported });
  const same = <T>(x: T, y: T) => (x === y ? x : null);
  return {
    ...domain.join(a, b),
    cwd: same(a.cwd, b.cwd),
    oldpwd: a.oldpwd === b.oldpwd ? a.oldpwd : null,
    stack: a.stack.length === b.stack.length ? a.stack.map((d, i) => same(d, b.stack[i] ?? null)) : [null],
    vars,
    functions: new Map([...a.functions, ...b.functions]),
    files: new Map([...a.files, ...b.files].map(([f]) => [f, sameFile(a.files.get(f), b.files.get(f))])),
  } as unknown as W;
}
