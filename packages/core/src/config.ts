// hookrail's configuration: a user file and a project file, project overriding user, validated with zod.
// A broken file is reported and ignored; it never switches a gate off.
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import * as z from "zod/mini";
import { homeDirectory } from "./_home.ts";

export const PROJECT_CONFIG_PATH = join(".hookrail", "config.json");
export const DEFAULT_PROTECTED_BRANCHES = ["main", "master"];

// Built on first use: most hook runs find no config file, and building zod schemas costs start-up time.
const makeFileSchema = () =>
  z.looseObject({
    protectedBranches: z.optional(z.array(z.string().check(z.minLength(1)))),
  });
let fileSchema: ReturnType<typeof makeFileSchema> | undefined;

export interface Config {
  /** Branch names (exact, or glob with `*`) that only the project owner lands work on. */
  protectedBranches: string[];
  /** Each guardrail's own section, merged (project keys override user keys); validate with `guardrailOptions`. */
  sections: Record<string, Record<string, unknown>>;
  /** Files that were read. */
  sources: string[];
  /** One message per broken file or section; each says what was ignored. */
  problems: string[];
}

export const defaultConfig = (): Config => ({
  protectedBranches: [...DEFAULT_PROTECTED_BRANCHES],
  sections: {},
  sources: [],
  problems: [],
});

/**
 * The user file: $HOOKRAIL_CONFIG, else $XDG_CONFIG_HOME/hookrail/config.json, else
 * ~/.config/hookrail/config.json; none for a user without a home folder.
 */
export function userConfigPath(env: NodeJS.ProcessEnv): string | undefined {
  if (env.HOOKRAIL_CONFIG) return env.HOOKRAIL_CONFIG;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME))
    return join(env.XDG_CONFIG_HOME, "hookrail", "config.json");
  const home = homeDirectory(env);
  return home ? join(home, ".config", "hookrail", "config.json") : undefined;
}

/** The nearest `.hookrail/config.json` from cwd up to the repository root (the first folder holding `.git`). */
export function projectConfigPath(cwd: string): string | undefined {
  let dir = cwd;
  for (;;) {
    const candidate = join(dir, PROJECT_CONFIG_PATH);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, ".git"))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function loadConfig(cwd: string, env: NodeJS.ProcessEnv): Config {
  const config = defaultConfig();
  const files = [userConfigPath(env), projectConfigPath(cwd)].filter((file): file is string => !!file);
  for (const file of files) {
    const data = readConfigFile(file, config.problems);
    if (!data) continue;
    config.sources.push(file);
    if (data.protectedBranches) config.protectedBranches = data.protectedBranches;
    for (const [key, value] of Object.entries(data)) {
      if (key === "protectedBranches" || key === "$schema") continue;
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        config.problems.push(`hookrail: ${file}: "${key}" must be an object; ignored it`);
        continue;
      }
      config.sections[key] = { ...config.sections[key], ...(value as Record<string, unknown>) };
    }
  }
  return config;
}

function readConfigFile(file: string, problems: string[]): z.infer<ReturnType<typeof makeFileSchema>> | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      problems.push(`hookrail: cannot read ${file} (${(error as Error).message}); using the defaults`);
    }
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push(`hookrail: ${file} is not valid JSON (${(error as Error).message}); ignored the whole file`);
    return undefined;
  }
  fileSchema ??= makeFileSchema();
  const result = fileSchema.safeParse(json);
  if (!result.success) {
    problems.push(`hookrail: ${file} is invalid (${summarize(result.error)}); ignored the whole file`);
    return undefined;
  }
  return result.data;
}

/** A guardrail's options: its section validated against its schema; an invalid section falls back to the defaults. */
export function guardrailOptions<T>(config: Config, name: string, schema: z.ZodMiniType<T>): T {
  const section = config.sections[name] ?? {};
  const result = schema.safeParse(section);
  if (result.success) return result.data;
  config.problems.push(`hookrail: the "${name}" settings are invalid (${summarize(result.error)}); using its defaults`);
  return schema.parse({});
}

function summarize(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "root"}: ${issue.message}`)
    .join("; ");
}

/** Whether a branch matches one of the patterns (exact names, `*` matches within a path segment run). */
export function matchesBranch(branch: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (!pattern.includes("*")) return pattern === branch;
    const source = pattern.split("*").map(escapeRegExp).join(".*");
    return new RegExp(`^${source}$`).test(branch);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
