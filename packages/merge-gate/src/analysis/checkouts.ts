// Which checkout a git command runs in, which branch it has out and which config applies there, for one world.

import { type BranchValue, type ConfigChange, type HeadChange, ON_DISK, type World } from "./repo-state.ts";
import type { AnalysisFacts, CheckoutFacts, GitConfig } from "./types.ts";

/** The facts for a directory; tests without a lookup know only the starting directory. */
export function checkoutAt(facts: AnalysisFacts, dir: string | null): CheckoutFacts | null | undefined {
  if (dir === null) return undefined;
  if (facts.checkout) return facts.checkout(dir);
  if (dir !== (facts.cwd ?? "/")) return undefined;
  const branch = facts.currentBranch;
  return {
    id: "start",
    repo: "start",
    branch,
    hasBranch: (name) => (name === branch ? true : undefined),
    config: () => new Map(),
  };
}

type Same = "yes" | "no" | "maybe";

/** Does a change made in `made` apply where git runs now (`dir`)? `key` picks HEAD (id) or config (repo). */
function sameCheckout(
  facts: AnalysisFacts,
  made: string | null,
  root: boolean,
  dir: string | null,
  key: "id" | "repo",
) {
  if (made === null || dir === null) return "maybe";
  if (made === dir || (root && dir.startsWith(`${made}/`))) return "yes";
  if (root) return "no";
  const a = checkoutAt(facts, made);
  const b = checkoutAt(facts, dir);
  if (a === null || b === null) return a === b ? "maybe" : "no";
  if (a === undefined || b === undefined) return "maybe";
  return a[key] === b[key] ? "yes" : "no";
}

/** The branches that may be checked out at `dir` in this world (null: detached or not known). */
export function branchesAt(facts: AnalysisFacts, world: World, dir: string | null): Set<string | null> {
  const out = new Set<string | null>();
  const disk = (): void => {
    const c = checkoutAt(facts, dir);
    // Not a repository: git fails before it pushes anything.
    if (c !== null) out.add(c?.branch ?? null);
  };
  const add = (b: BranchValue) => (b === ON_DISK ? disk() : out.add(b));
  for (let i = world.heads.length - 1; i >= 0; i--) {
    const h = world.heads[i] as HeadChange;
    const same: Same = sameCheckout(facts, h.dir, h.root, dir, "id");
    if (same === "no") continue;
    add(h.branch);
    if (same === "yes") return out;
  }
  disk();
  return out;
}

/** The branch checked out at `dir` as one value: the line's last switch there, else the one on disk (null: unsure). */
export function currentValue(facts: AnalysisFacts, world: World, dir: string | null): BranchValue {
  for (let i = world.heads.length - 1; i >= 0; i--) {
    const h = world.heads[i] as HeadChange;
    const same = sameCheckout(facts, h.dir, h.root, dir, "id");
    if (same === "yes") return h.branch;
    if (same === "maybe") return null;
  }
  return ON_DISK;
}

/** The branch before the last switch at `dir` (`git checkout -`): null when the line made none there. */
export function previousBranch(facts: AnalysisFacts, world: World, dir: string | null): BranchValue {
  for (let i = world.heads.length - 1; i >= 0; i--) {
    const h = world.heads[i] as HeadChange;
    const same = sameCheckout(facts, h.dir, h.root, dir, "id");
    if (same === "yes") return h.from;
    if (same === "maybe") return null;
  }
  return null;
}

/** Was the branch created, switched to or left by the line at `dir`, or does it exist there? */
export function knownBranch(facts: AnalysisFacts, world: World, dir: string | null, name: string): boolean {
  for (const h of world.heads) {
    if ((h.branch === name || h.from === name) && sameCheckout(facts, h.dir, h.root, dir, "id") === "yes") return true;
  }
  return checkoutAt(facts, dir)?.hasBranch(name) === true;
}

/** Config as it stands at `dir`: git's files, what the line changed, then `git -c`. */
export interface ConfigView {
  /** Every value of a multi-valued key (remote.origin.push); undefined when not known; null entries: run-time values. */
  all(key: string): (string | null)[] | undefined;
  /** The values a single-valued key may have (empty: unset); undefined when not known. */
  effective(key: string): (string | null)[] | undefined;
}

export function configAt(
  facts: AnalysisFacts,
  world: World,
  dir: string | null,
  cli: ReadonlyMap<string, string | null>,
  hidden = false,
): ConfigView {
  let base: GitConfig | undefined | null = hidden ? undefined : null;
  const read = (): GitConfig | undefined => {
    if (base === null) base = configOf(facts, world, dir);
    return base;
  };
  const changes = (key: string) =>
    world.config.flatMap((c: ConfigChange) => {
      if (c.key !== key && c.key !== "*") return [];
      if (c.dir === null) return [{ c, certain: false }];
      const same = sameCheckout(facts, c.dir ?? null, false, dir, "repo");
      return same === "no" ? [] : [{ c, certain: same === "yes" && c.dir !== undefined }];
    });
  const values = (key: string, single: boolean): (string | null)[] | undefined => {
    const fromCli = cli.get(key);
    if (cli.has(key) && single) return [fromCli ?? null];
    const given = read()?.get(key);
    let known = given !== undefined || read() !== undefined;
    let out: (string | null)[] = given ? (single ? given.slice(-1) : [...given]) : [];
    for (const { c, certain } of changes(key)) {
      if (c.value === undefined) {
        if (certain) {
          out = [];
          known = true;
        }
      } else if (certain && (!c.add || single)) {
        out = [c.value];
        known = true;
      } else out.push(c.value);
    }
    if (cli.has(key)) out.push(fromCli ?? null);
    return known ? out : undefined;
  };
  return { all: (key) => values(key, false), effective: (key) => values(key, true) };
}

/** The config files of the checkout at `dir`; for a checkout the line made, those of the one it was made from. */
function configOf(facts: AnalysisFacts, world: World, dir: string | null): GitConfig | undefined {
  const made = world.heads.findLast(
    (h) => h.root && h.dir !== null && dir !== null && (dir === h.dir || dir.startsWith(`${h.dir}/`)),
  );
  if (made?.origin !== undefined && made.origin !== dir) return configOf(facts, world, made.origin);
  return checkoutAt(facts, dir)?.config();
}
