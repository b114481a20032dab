// Where a git command works: the shell's directory, moved by `-C`, or a repository named by GIT_DIR/--git-dir.
import { posix } from "node:path";
import { type Arg, type Invocation, resolveDir } from "@hookrail/shell/engine";
import type { Ctx } from "./context.ts";
import type { World } from "./repo-state.ts";

/** What `git` was told before its subcommand. */
export interface GitGlobals {
  /** `-c key=value` pairs, keys lower-cased. */
  config: Map<string, Arg>;
  /** `-C dir` in order (null: named at run time). */
  chdir: (string | null)[];
  /** `--git-dir`: undefined when not given. */
  gitDir: string | null | undefined;
  /**
   * Config given to this command that is not all known: GIT_CONFIG_COUNT/KEY/VALUE or GIT_CONFIG_PARAMETERS in its
   * environment, not all of it literal, or a `-c` / `--config-env` whose key is known only at run time.
   */
  hidden: boolean;
}

export function emptyGlobals(): GitGlobals {
  return { config: new Map(), chdir: [], gitDir: undefined, hidden: false };
}

/** The directory git works in for this world (a checkout folder, or a git dir); null when not known. */
export function placeOf(inv: Invocation, ctx: Ctx, git: GitGlobals, world: World): string | null {
  const home = ctx.facts.home;
  let dir = world.cwd;
  for (const d of [...(inv.chdir ?? []), ...git.chdir]) dir = resolveDir(dir, d, home);
  let gitDir = git.gitDir;
  if (gitDir === undefined && inv.env?.has("GIT_DIR")) gitDir = inv.env.get("GIT_DIR") ?? null;
  if (gitDir === undefined && world.vars.has("GIT_DIR")) gitDir = world.vars.get("GIT_DIR")?.value ?? null;
  if (gitDir === undefined) return dir;
  const at = resolveDir(dir, gitDir, home);
  if (at === null) return null;
  // `…/repo/.git` is that checkout's; any other git dir is looked up as it is.
  return posix.basename(at) === ".git" ? posix.dirname(at) : at;
}

/** `-c` values as text (null: known only at run time). */
export function cliConfig(git: GitGlobals): Map<string, string | null> {
  return new Map([...git.config].map(([k, v]) => [k, v.value]));
}

// Variables that make git read other config than the files the gate reads. GIT_CONFIG_COUNT and
// GIT_CONFIG_PARAMETERS on the command itself are read when literal (git-env-config.ts); set earlier, they hide it.
const CONFIG_ENV = [
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG",
  "GIT_CONFIG_NOSYSTEM",
  "HOME",
  "XDG_CONFIG_HOME",
];
const LINE_CONFIG = ["GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"];

/** Does this git command read config the gate cannot see (set through the environment, or `-c include.path`)? */
export function configHidden(inv: Invocation, git: GitGlobals, world: World): boolean {
  if (git.hidden || [...git.config.keys()].some((k) => k.startsWith("include"))) return true;
  return CONFIG_ENV.some((n) => inv.env?.has(n) || world.vars.has(n)) || LINE_CONFIG.some((n) => world.vars.has(n));
}
