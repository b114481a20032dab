// `hookrail install|uninstall merge-gate --git-hook`: the git pre-push layer in the current repository.
import { join } from "node:path";
import type { CommandIO } from "../io.ts";
import { UsageError } from "../registry.ts";
import { shippedRoot } from "./bundles.ts";
import { installGitHook, uninstallGitHook } from "./git-hook.ts";

export function gitHookCommand(action: string, name: string | undefined, io: CommandIO): number {
  if (name !== "merge-gate")
    throw new UsageError(`--git-hook is a merge-gate layer; use: hookrail ${action} merge-gate --git-hook`);
  const print = (line: string) => io.stdout.write(`${line}\n`);
  if (action === "uninstall") {
    const { paths, action: done } = uninstallGitHook(io.cwd, io.env);
    print(`${paths.hookFile}: ${done}`);
    return 0;
  }
  const program = join(shippedRoot(io.env), "plugins", "merge-gate", "git", "pre-push.cjs");
  const { paths, action: done } = installGitHook(io.cwd, io.env, program);
  print(`${paths.hookFile}: ${done}`);
  print(
    "git now refuses pushes to protected branches from this repository unless MERGE_APPROVED=1 is set for the push",
  );
  if (paths.inWorkTree) {
    print(`note: ${paths.hooksDir} is inside the working tree (core.hooksPath); the hook runs a program kept in`);
    print(`${paths.stateDir}, which only this clone has: do not commit the change to the hook`);
  }
  return 0;
}
