// The facts an install works from: home, project folder, scope, the shipped folders, and a view of
// files that sees the plan's earlier changes.
import { homedir } from "node:os";
import { type Change, type InstallContext, readText, type Scope } from "@hookrail/install-kit";
import { execaSync } from "execa";
import { UsageError } from "../registry.ts";
import { bundles } from "./bundles.ts";

export const SCOPES: readonly Scope[] = ["user", "project", "managed"];

export function parseScope(value: string | undefined): Scope {
  const scope = (value ?? "user") as Scope;
  if (!SCOPES.includes(scope)) throw new UsageError(`unknown scope "${value}"; choose one of: ${SCOPES.join(", ")}`);
  return scope;
}

/** The git top level of `cwd`, else `cwd` itself. */
export function projectRoot(cwd: string, env: NodeJS.ProcessEnv): string {
  const r = execaSync("git", ["rev-parse", "--show-toplevel"], { cwd, env, reject: false, stdin: "ignore" });
  return r.exitCode === 0 && typeof r.stdout === "string" && r.stdout ? r.stdout : cwd;
}

export interface PlanContext extends InstallContext {
  /** Makes later reads see these changes. */
  note(changes: readonly Change[]): void;
  /** The view of files as it is now; calling the result goes back to it (a plan left out). */
  mark(): () => void;
}

/** Where managed bundles go unless --prefix says otherwise. */
export const DEFAULT_PREFIX = "/opt/hookrail";

/** `project`: the project folder when the caller knows it already (a recorded install), else found from `cwd`. */
export function installContext(
  env: NodeJS.ProcessEnv,
  cwd: string,
  scope: Scope,
  prefix?: string,
  project?: string,
): PlanContext {
  const home = env.HOME || homedir();
  const overlay = new Map<string, string | null>();
  return {
    env,
    home,
    scope,
    project: project ?? projectRoot(cwd, env),
    bundles: bundles(env, home),
    // HOOKRAIL_SYSTEM_ROOT writes the managed layer into a system image (a chroot, a container layer).
    system: { root: env.HOOKRAIL_SYSTEM_ROOT || "/", prefix: prefix ?? DEFAULT_PREFIX },
    read: (file) => (overlay.has(file) ? (overlay.get(file) ?? null) : readText(file)),
    note(changes) {
      for (const c of changes) if (c.kind === "file" || c.kind === "settle") overlay.set(c.path, c.after);
    },
    mark() {
      const saved = new Map(overlay);
      return () => {
        overlay.clear();
        for (const [k, v] of saved) overlay.set(k, v);
      };
    },
  };
}
