// Installs a guardrail's Copilot CLI hook file: plugins/<g>/copilot/ holds hookrail-<g>.json and the
// folder hookrail-<g>/ with the bundle; both are copied as they are into a hooks folder. User scope:
// $COPILOT_HOME/hooks (default ~/.copilot/hooks), read in every folder without trust. Project scope:
// <repo>/.github/hooks, read by Copilot CLI in a trusted folder and by the cloud agent from the
// default branch (commit it; the runner needs node). The hook file finds the bundle through
// COPILOT_HOOK_DIR (the folder of the hook file), so the same files work in both places.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { UserError } from "../registry.ts";

export type CopilotScope = "user" | "project";

export interface CopilotInstallResult {
  hooksFile: string;
  bundleDir: string;
}

export const copilotHome = (env: NodeJS.ProcessEnv) => env.COPILOT_HOME || join(env.HOME || homedir(), ".copilot");

/** The hooks folder of a scope. */
export const copilotHooksDir = (scope: CopilotScope, env: NodeJS.ProcessEnv, project: string): string =>
  scope === "project" ? join(project, ".github", "hooks") : join(copilotHome(env), "hooks");

/** What a guardrail puts into a hooks folder: its hook file and its bundle's folder. */
export const copilotFiles = (name: string) => ({ hookFile: `hookrail-${name}.json`, bundleDir: `hookrail-${name}` });

export function installCopilot(
  name: string,
  sourceDir: string,
  options: { scope: CopilotScope; env: NodeJS.ProcessEnv; project: string },
): CopilotInstallResult {
  const { hookFile, bundleDir } = copilotFiles(name);
  for (const part of [hookFile, bundleDir])
    if (!existsSync(join(sourceDir, part)))
      throw new UserError(`${join(sourceDir, part)} is missing; run npm run build in the hookrail repository`);
  const dir = copilotHooksDir(options.scope, options.env, options.project);
  mkdirSync(dir, { recursive: true });
  // A reinstall replaces the earlier bundle wholesale; the hook file is ours alone, so it is overwritten.
  rmSync(join(dir, bundleDir), { recursive: true, force: true });
  cpSync(join(sourceDir, bundleDir), join(dir, bundleDir), { recursive: true });
  cpSync(join(sourceDir, hookFile), join(dir, hookFile));
  return { hooksFile: join(dir, hookFile), bundleDir: join(dir, bundleDir) };
}
