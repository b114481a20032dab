// What git itself says about a checkout, one question per process: the reference the fast readers are held to.
import { gitEnv } from "@hookrail/test-utils";
import { execaSync } from "execa";
import type { Checkout } from "../src/git/git-fast.ts";

export const git = (cwd: string, ...args: string[]) => execaSync("git", args, { cwd, env: gitEnv }).stdout.trim();

export const gitOrNull = (cwd: string, ...args: string[]) => {
  const result = execaSync("git", args, { cwd, env: gitEnv, reject: false });
  return result.exitCode === 0 ? result.stdout.trim() : null;
};

const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(execaSync("git", ["--version"]).stdout) ?? []).slice(1).map(Number);
/** This git can make reftable repositories (2.45 and later). */
export const hasReftable = major > 2 || (major === 2 && minor >= 45);

/** What git says about cwd, in Checkout's shape. */
export function gitSays(cwd: string): Checkout {
  const [gitDir = "", commonDir = ""] = git(
    cwd,
    "rev-parse",
    "--path-format=absolute",
    "--git-dir",
    "--git-common-dir",
  ).split("\n");
  return {
    topLevel: git(cwd, "rev-parse", "--show-toplevel"),
    gitDir,
    commonDir,
    isLinkedWorktree: gitDir !== commonDir,
    branch: gitOrNull(cwd, "symbolic-ref", "--quiet", "--short", "HEAD"),
    head: gitOrNull(cwd, "rev-parse", "--verify", "--quiet", "HEAD"),
  };
}
