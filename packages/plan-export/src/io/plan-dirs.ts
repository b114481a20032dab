// Where each CLI keeps plan files, from its env and settings files (read only; never written).
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { HookEvent } from "@hookrail/core";

export function planDirs(event: HookEvent, env: NodeJS.ProcessEnv): string[] {
  switch (event.cli) {
    case "claude":
      return claudePlanDirs(env, env.CLAUDE_PROJECT_DIR || event.cwd);
    case "gemini":
      return geminiPlanDirs(env, env.GEMINI_PROJECT_DIR || event.cwd);
    case "codex":
    case "qwen":
    case "droid":
    case "kimi":
      // The plan comes in the tool call itself (Qwen's exit_plan_mode, Droid's ExitSpecMode), its result (Kimi's
      // ExitPlanMode), or, in Codex, the rollout.
      return [];
    case "auggie":
      // Plan mode saves the plan under ~/.augment/plans/ (its instructions name the folder).
      return [join(env.HOME || homedir(), ".augment", "plans")];
    case "copilot":
      // Plan mode keeps plan.md in the session's own folder.
      return [join(env.COPILOT_HOME || join(env.HOME || homedir(), ".copilot"), "session-state", event.sessionId)];
    case "opencode":
      return openCodePlanDirs(env, event.cwd, "opencode", [".opencode"]);
    case "kilo":
      // Kilo's plan agent may also write OpenCode's folder, plans/ and .plans/.
      return openCodePlanDirs(env, event.cwd, "kilo", [".kilo", ".opencode", "", "."]);
    // No plan route (the guardrail's manifest refuses these CLIs): no plan folder either.
    case "cursor":
    case "antigravity":
    case "pi":
    case "cline":
    case "amp":
    case "openclaw":
      return [];
  }
}

/**
 * The plans folders the plan agent of OpenCode or Kilo may write: `<dir>/plans` in the project for each of
 * `dirs` ("" is plans/ itself, "." is .plans/), and the CLI's data folder's plans/ (outside a git project).
 */
function openCodePlanDirs(env: NodeJS.ProcessEnv, project: string, cli: string, dirs: string[]): string[] {
  const data = join(env.XDG_DATA_HOME || join(env.HOME || homedir(), ".local", "share"), cli, "plans");
  const inProject = dirs.map((dir) => (dir === "." ? join(project, ".plans") : join(project, dir, "plans")));
  return project ? [...inProject, data] : [data];
}

/** ~/.claude/plans (or $CLAUDE_CONFIG_DIR/plans) and the `plansDirectory` setting, relative to the project. */
export function claudePlanDirs(env: NodeJS.ProcessEnv, project: string): string[] {
  const configDir = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), ".claude");
  const dirs = [join(configDir, "plans")];
  const files = [
    join(project, ".claude", "settings.local.json"),
    join(project, ".claude", "settings.json"),
    join(configDir, "settings.json"),
  ];
  const setting = firstSetting(files, (json) => json.plansDirectory);
  // A folder outside the project is ignored by Claude Code too (it falls back to ~/.claude/plans).
  const custom = setting ? insideProject(project, setting) : undefined;
  return custom ? [custom, ...dirs] : dirs;
}

/** $GEMINI_PLANS_DIR (this session's folder) and the `general.plan.directory` setting, inside the project. */
export function geminiPlanDirs(env: NodeJS.ProcessEnv, project: string): string[] {
  const home = env.GEMINI_CLI_HOME || env.HOME || homedir();
  const files = [join(project, ".gemini", "settings.json"), join(home, ".gemini", "settings.json")];
  const setting = firstSetting(files, (json) => {
    const general = json.general as Record<string, unknown> | undefined;
    return (general?.plan as Record<string, unknown> | undefined)?.directory;
  });
  const custom = setting ? insideProject(project, setting) : undefined;
  return [...(env.GEMINI_PLANS_DIR ? [env.GEMINI_PLANS_DIR] : []), ...(custom ? [custom] : [])];
}

function firstSetting(files: string[], pick: (json: Record<string, unknown>) => unknown): string | undefined {
  for (const file of files) {
    try {
      const json = JSON.parse(readFileSync(file, "utf8")) as unknown;
      if (typeof json !== "object" || json === null) continue;
      const value = pick(json as Record<string, unknown>);
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
