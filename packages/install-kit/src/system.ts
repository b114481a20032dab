// The managed layer's files: paths under the system root, and the ownership rule every one of them
// must meet for the layer to hold (root-owned, not writable by group or others, all the way up).
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { onPath } from "./on-path.ts";
import type { InstallContext, Problem } from "./types.ts";

/** A system path (e.g. /etc/codex/requirements.toml) under the context's system root. */
export const sys = (ctx: InstallContext, path: string): string => join(ctx.system.root, path);

/** Where the managed copy of a guardrail's folder for a CLI lives. */
export const managedFolder = (ctx: InstallContext, cli: string, guardrail: string): string =>
  join(ctx.system.root, ctx.system.prefix, cli, guardrail);

/** The path as the CLI will see it at run time (without the system root). */
export const runtimePath = (ctx: InstallContext, cli: string, guardrail: string): string =>
  join(ctx.system.prefix, cli, guardrail);

/** Each path in the chain (the files, every folder above them, node) that a user could write. */
export function userWritable(ctx: InstallContext, paths: string[]): Problem[] {
  const node = onPath("node", ctx.env);
  const chain = new Set<string>();
  for (const start of [...paths, ...(node ? [realpathSync(node)] : [])]) {
    let path = start;
    for (;;) {
      chain.add(path);
      const parent = dirname(path);
      if (parent === path || (ctx.system.root !== "/" && !parent.startsWith(ctx.system.root))) break;
      path = parent;
    }
  }
  const problems: Problem[] = [];
  for (const path of chain) {
    if (!existsSync(path)) continue;
    const st = statSync(path);
    if (st.uid !== 0 || (st.mode & 0o022) !== 0)
      problems.push({
        problem: `${path} is writable by someone other than root, so a user (or the agent) can change what the managed layer runs`,
        fix: `chown root ${path} && chmod go-w ${path}`,
      });
  }
  return problems;
}
