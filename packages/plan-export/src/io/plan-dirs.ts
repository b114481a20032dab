// Where the event's CLI keeps plan files (its plans' `folders`), from the env and settings files (read only).
import { readFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { PLANS } from "@hookrail/clis/places";
import { builtin, type HookEvent } from "@hookrail/core";
import type { PlanFolder } from "@hookrail/core/cli-places";

export function planDirs(event: HookEvent, env: NodeJS.ProcessEnv): string[] {
  const plans = PLANS[event.cli];
  if (!plans?.folders) return [];
  const project = (plans.projectEnv && env[plans.projectEnv]) || event.cwd;
  const where: Where = { env, project, session: event.sessionId };
  return plans.folders.flatMap((folder) => {
    const dir = typeof folder === "string" ? folderPath(folder, where) : settingFolder(folder, where);
    return dir ? [dir] : [];
  });
}

interface Where {
  env: NodeJS.ProcessEnv;
  project: string;
  session: string;
}

/**
 * A `PlanFolder` written as a path: `~/…`, `{$VAR,fallback}/…` (the variable when set), `$VAR…` (only when set),
 * `./…` (in the project, none without one); `<session>` is the session's id.
 */
function folderPath(folder: string, { env, project, session }: Where): string | undefined {
  const path = folder.replaceAll("<session>", session);
  const either = /^\{\$(\w+),([^}]*)\}(.*)$/.exec(path);
  if (either) {
    const base = env[either[1] ?? ""] || folderPath(either[2] ?? "", { env, project, session });
    return base && either[3] ? join(base, either[3]) : base || undefined;
  }
  const variable = /^\$(\w+)(.*)$/.exec(path);
  if (variable) {
    const base = env[variable[1] ?? ""];
    return base && variable[2] ? join(base, variable[2]) : base || undefined;
  }
  if (path === "~" || path.startsWith("~/"))
    return join(env.HOME || builtin<typeof import("node:os")>("node:os").homedir(), path.slice(1));
  if (path.startsWith("./")) return project ? join(project, path.slice(2)) : undefined;
  return path || undefined;
}

/** The folder a setting names, relative to the project: one outside it is ignored (so does the CLI). */
function settingFolder(folder: Exclude<PlanFolder, string>, where: Where): string | undefined {
  const files = folder.files.flatMap((file) => folderPath(file, where) ?? []);
  const setting = firstSetting(files, folder.setting.split("."));
  return setting ? insideProject(where.project, setting) : undefined;
}

function firstSetting(files: string[], key: string[]): string | undefined {
  for (const file of files) {
    try {
      let value = JSON.parse(readFileSync(file, "utf8")) as unknown;
      for (const part of key) {
        value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[part] : undefined;
      }
      if (typeof value === "string" && value.trim()) return value.trim();
    } catch {
      // A missing or unreadable settings file means "not set".
    }
  }
  return undefined;
}

function insideProject(project: string, dir: string): string | undefined {
  const full = resolve(project, dir);
  const rel = relative(project, full);
  return rel.startsWith("..") || isAbsolute(rel) ? undefined : full;
}
