// The merge gate's facts (reading only): the protected branches from config, and what the analysis asks about the
// checkouts a command meets (branch, refs, git config) and about gh's aliases, each read only when asked.
// A hook runs on every tool call, so all of it is read from files (@hookrail/core/git-fast, no process);
// git is started only for checkouts those files cannot tell about, and then the command is analysed again.
// simple-git (@hookrail/core/git) is never imported here: bundled, it costs every run tens of milliseconds.
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { GuardrailContext, HookEvent } from "@hookrail/core";
import { askGitCheckout, branchExists, gitExec, readCheckout, readGitConfig } from "@hookrail/core/git-fast";
import type { CheckoutFacts, GitConfig } from "./analysis/index.ts";
import type { MergeGateFacts } from "./decide.ts";
import { parseGhAliases } from "./gh-config.ts";
import type { MergeGateOptions } from "./options.ts";

export {
  fileToolTargets,
  gitHooksPathWrite,
  inTestFixtures,
  leavesHooksAlone,
  protectedPaths,
  withRealPaths,
} from "./protected-places.ts";

export interface GatheredFacts extends MergeGateFacts {
  /** Asks git about the checkouts the files could not tell about; true when there were any (analyse again). */
  askGit(): Promise<boolean>;
}

/** The facts for one command; the checkouts and gh's aliases are read when the analysis asks. */
export function gatherFacts(
  command: string,
  event: HookEvent,
  context: GuardrailContext,
  options: MergeGateOptions,
): GatheredFacts {
  const protectedBranches = [...new Set([...context.config.protectedBranches, ...options.protectedBranches])];
  const env = context.env;
  const home = env.HOME || undefined;
  const workdir = event.kind === "before-tool" ? event.tool.workdir : undefined;
  const cwd = resolve(event.cwd || "/", workdir ?? ".");
  const known = new Map<string, CheckoutFacts | null | undefined>();
  const fromGit = new Map<string, CheckoutFacts | null | undefined>();
  const pending = new Set<string>();
  let userConfig: GitConfig | undefined | null = null;
  const globalFiles = () => gitUserConfigFiles(env, home ?? "");
  const readUser = () => {
    if (userConfig === null) userConfig = readGitConfig(globalFiles(), home ?? "");
    return userConfig;
  };

  const lookup = (dir: string): CheckoutFacts | null | undefined => {
    if (fromGit.has(dir)) return fromGit.get(dir);
    if (known.has(dir)) return known.get(dir);
    let facts: CheckoutFacts | null | undefined;
    // A folder that does not exist yet may be made by the line itself (mv, ln -s, mkdir…): not known.
    if (!isDirectory(dir)) facts = undefined;
    else {
      const c = readCheckout(dir, env);
      if (c === undefined) pending.add(dir);
      facts =
        c &&
        fileCheckout(c, () => {
          const user = readUser();
          const repo = readGitConfig([join(c.commonDir, "config"), join(c.gitDir, "config.worktree")], home ?? "");
          if (!user || !repo) {
            pending.add(dir);
            return undefined;
          }
          return mergeConfig(user, repo);
        });
    }
    known.set(dir, facts);
    return facts;
  };

  let ghAliases: ReadonlyMap<string, string> | undefined | null = null;
  return {
    command,
    ...(dialectOf(event) ? { dialect: "powershell" as const } : {}),
    protectedBranches,
    ...(context.config.wrappers ? { wrappers: context.config.wrappers } : {}),
    currentBranch: null,
    cwd,
    home,
    // Without a cwd nothing about any checkout is known: pushes of "the current branch" fail closed.
    checkout: event.cwd ? lookup : () => undefined,
    ghAliases: () => {
      if (ghAliases === null) ghAliases = readGhAliases(env, home);
      return ghAliases;
    },
    async askGit() {
      const dirs = [...pending].filter((d) => !fromGit.has(d));
      pending.clear();
      await Promise.all(dirs.map(async (d) => fromGit.set(d, await checkoutFromGit(d, env))));
      return dirs.length > 0;
    },
  };
}

/** Is the command PowerShell? The adapter says so for the tools it knows; a tool it does not know is judged by its name. */
function dialectOf(event: HookEvent): boolean {
  if (event.kind !== "before-tool") return false;
  return (
    event.tool.dialect === "powershell" || (event.tool.kind === "other" && /powershell|pwsh/i.test(event.tool.name))
  );
}

function isDirectory(dir: string): boolean {
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;
}

function fileCheckout(
  c: { gitDir: string; commonDir: string; branch: string | null },
  config: () => GitConfig | undefined,
): CheckoutFacts {
  let read: GitConfig | undefined | null = null;
  return {
    id: c.gitDir,
    repo: c.commonDir,
    branch: c.branch,
    hasBranch: (name) => branchExists(c.commonDir, name),
    config: () => {
      if (read === null) read = config();
      return read;
    },
  };
}

function mergeConfig(...files: GitConfig[]): GitConfig {
  const out = new Map<string, string[]>();
  for (const file of files) for (const [k, v] of file) out.set(k, [...(out.get(k) ?? []), ...v]);
  return out;
}

/** The system and global config files git reads, in its order. */
function gitUserConfigFiles(env: NodeJS.ProcessEnv, home: string): string[] {
  const files: string[] = [];
  if (!env.GIT_CONFIG_NOSYSTEM) files.push(env.GIT_CONFIG_SYSTEM || "/etc/gitconfig");
  if (env.GIT_CONFIG_GLOBAL) files.push(env.GIT_CONFIG_GLOBAL);
  else {
    files.push(join(env.XDG_CONFIG_HOME || join(home, ".config"), "git", "config"));
    files.push(join(home, ".gitconfig"));
  }
  return files;
}

/** What git says about a checkout the files could not tell about (GIT_DIR set, reftable, includeIf…). */
async function checkoutFromGit(dir: string, env: NodeJS.ProcessEnv): Promise<CheckoutFacts | null | undefined> {
  const [checkout, config] = await Promise.all([
    askGitCheckout(dir, env),
    gitExec(dir, ["config", "--list", "-z"], { env }),
  ]);
  if (!checkout) return checkout;
  const { gitDir, commonDir, branch } = checkout;
  const entries = config.code === 0 ? parseConfigList(config.stdout) : undefined;
  return {
    id: gitDir,
    repo: commonDir,
    branch,
    hasBranch: (name) => (name === branch ? true : undefined),
    config: () => entries,
  };
}

/** `git config --list -z`: `key\nvalue\0` records. */
function parseConfigList(text: string): GitConfig {
  const out = new Map<string, string[]>();
  for (const record of text.split("\0")) {
    if (!record) continue;
    const nl = record.indexOf("\n");
    const key = nl < 0 ? record : record.slice(0, nl);
    const value = nl < 0 ? "true" : record.slice(nl + 1);
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

/** gh's config folder, as gh finds it: $GH_CONFIG_DIR, else $XDG_CONFIG_HOME/gh, else ~/.config/gh. */
function readGhAliases(env: NodeJS.ProcessEnv, home: string | undefined): Map<string, string> | undefined {
  const dir =
    env.GH_CONFIG_DIR || (env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, "gh") : home && join(home, ".config", "gh"));
  if (!dir) return undefined;
  let text: string;
  try {
    text = readFileSync(join(dir, "config.yml"), "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? new Map() : undefined;
  }
  return parseGhAliases(text);
}
