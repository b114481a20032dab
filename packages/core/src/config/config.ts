// hookrail's configuration: a user file and a project file, project overriding user, validated with zod.
// A broken file is reported and ignored; it never switches a gate off. The project file is committed and
// the agent can write it, so it may only tighten what protects the user: it adds protected branches (and
// whatever a gate declares in its ProjectPolicy), never removes them or turns a gate off.
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import * as z from "zod/mini";
import { homeDirectory } from "../platform/_home.ts";
import { jsonErrorMessage } from "./json-error.ts";

export const PROJECT_CONFIG_PATH = join(".hookrail", "config.json");
export const DEFAULT_PROTECTED_BRANCHES = ["main", "master"];

// Built on first use: most hook runs find no config file, and building zod schemas costs start-up time.
const makeFileSchema = () =>
  z.looseObject({
    protectedBranches: z.optional(z.array(z.string().check(z.minLength(1)))),
    wrappers: z.optional(z.array(z.string().check(z.regex(/\S/)))),
  });
let fileSchema: ReturnType<typeof makeFileSchema> | undefined;

export interface Config {
  /** Branch names (exact, or glob with `*`) that only the project owner lands work on. */
  protectedBranches: string[];
  /**
   * Commands that run the command after them unchanged (`"tsb run"`, `"mywrap"`), for the command gates: each
   * a command name and the words that follow it. Every file adds to the list (more wrappers only tighten).
   */
  wrappers?: string[];
  /** Each guardrail's own section, merged (project keys override user keys); validate with `guardrailOptions`. */
  sections: Record<string, Record<string, unknown>>;
  /** Each file's own sections, in reading order (user first), for sections read under a ProjectPolicy. */
  layers: ConfigLayer[];
  /** Where the user file is (or would be): the place for settings that loosen what a project cannot. */
  userFile: string;
  /** Files that were read. */
  sources: string[];
  /** One message per broken file or section; each says what was ignored. */
  problems: string[];
}

export interface ConfigLayer {
  file: string;
  scope: "user" | "project";
  sections: Record<string, Record<string, unknown>>;
  /** The keys whose value is a list (a guardrail configured as a list of entries, e.g. "command-gates"). */
  lists?: Record<string, unknown[]>;
}

export const defaultConfig = (): Config => ({
  protectedBranches: [...DEFAULT_PROTECTED_BRANCHES],
  sections: {},
  layers: [],
  userFile: "~/.config/hookrail/config.json",
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
  config.userFile = userConfigPath(env) ?? "~/.config/hookrail/config.json (no home folder found)";
  const files = [
    { file: userConfigPath(env), scope: "user" as const },
    { file: projectConfigPath(cwd), scope: "project" as const },
  ];
  for (const { file, scope } of files) {
    const data = file ? readConfigFile(file, config.problems) : undefined;
    if (!file || !data) continue;
    config.sources.push(file);
    if (data.protectedBranches) {
      config.protectedBranches =
        scope === "user" ? data.protectedBranches : addBranches(config, data.protectedBranches);
    }
    if (data.wrappers) config.wrappers = [...new Set([...(config.wrappers ?? []), ...data.wrappers])];
    const layer: ConfigLayer = { file, scope, sections: {} };
    for (const [key, value] of Object.entries(data)) {
      if (key === "protectedBranches" || key === "wrappers" || key === "$schema") continue;
      // A list is kept for the guardrail that reads its section as one; one that reads an object reports it.
      if (Array.isArray(value)) {
        layer.lists = { ...layer.lists, [key]: value };
        continue;
      }
      if (typeof value !== "object" || value === null) {
        config.problems.push(`hookrail: ${file}: "${key}" must be an object; ignored it`);
        continue;
      }
      layer.sections[key] = value as Record<string, unknown>;
      config.sections[key] = { ...config.sections[key], ...(value as Record<string, unknown>) };
    }
    config.layers.push(layer);
  }
  return config;
}

/**
 * A project file's branches are added to the user's (or the defaults). Nothing is refused: a branch it leaves
 * out stays protected, which is what a project file is for, so there is nothing to tell the user.
 */
function addBranches(config: Config, branches: string[]): string[] {
  return [...config.protectedBranches, ...branches.filter((b) => !config.protectedBranches.includes(b))];
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
  } catch {
    problems.push(`hookrail: ${jsonErrorMessage(file, text)}; ignored the whole file`);
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

/**
 * How a project file may change a gate's section, key by key. Keys not listed are free. "union": the
 * project's entries are added to the user's (or the default). `allows`: a project value it rejects (given the
 * value so far, the user's or the default) is ignored, and the user is told `why` (e.g. "only the user config
 * can turn the merge gate off").
 */
export type ProjectPolicy = Readonly<
  Record<string, "union" | { allows: (value: unknown, current: unknown) => boolean; why: string }>
>;

/** A guardrail's settings: its section's name, its schema (built on first use) and what an absent section means. */
export interface OptionsSpec<T> {
  name: string;
  schema: () => z.ZodMiniType<T>;
  /** The schema's defaults, as a new value each time (the guardrail's tests hold them equal to `schema().parse({})`). */
  defaults: () => T;
  policy?: ProjectPolicy;
}

/** A guardrail's OptionsSpec, its schema made on first use (building a schema is start-up time on every hook call). */
export function optionsSpec<T>(
  name: string,
  make: () => z.ZodMiniType<T>,
  defaults: () => T,
  policy?: ProjectPolicy,
): OptionsSpec<T> {
  let schema: z.ZodMiniType<T> | undefined;
  return {
    name,
    schema: () => {
      schema ??= make();
      return schema;
    },
    defaults,
    ...(policy ? { policy } : {}),
  };
}

/**
 * guardrailOptions for a guardrail whose section is usually absent: then its defaults, without building or running
 * the schema (start-up time on every hook call).
 */
export function sectionOptions<T>(config: Config, spec: OptionsSpec<T>): T {
  const { name } = spec;
  if (config.sections[name] === undefined && !config.layers.some((layer) => layer.lists?.[name])) {
    return spec.defaults();
  }
  return guardrailOptions(config, name, spec.schema(), spec.policy);
}

/**
 * A guardrail's options: its section validated against its schema; an invalid section falls back to the
 * defaults. With a policy, the user's files set the options and a project file may only tighten them:
 * each of its keys is checked on its own, and a key that loosens or is invalid is ignored and reported.
 */
export function guardrailOptions<T>(config: Config, name: string, schema: z.ZodMiniType<T>, policy?: ProjectPolicy): T {
  for (const layer of config.layers) {
    if (layer.lists?.[name]) config.problems.push(`hookrail: ${layer.file}: "${name}" must be an object; ignored it`);
  }
  if (policy) return tightenedOptions(config, name, schema, policy);
  const section = config.sections[name] ?? {};
  const result = schema.safeParse(section);
  if (result.success) return result.data;
  config.problems.push(`hookrail: the "${name}" settings are invalid (${summarize(result.error)}); using its defaults`);
  return schema.parse({});
}

function tightenedOptions<T>(config: Config, name: string, schema: z.ZodMiniType<T>, policy: ProjectPolicy): T {
  // A config built by hand (tests, callers without files) has no layers: its sections count as the user's.
  const layers =
    config.layers.length > 0 ? config.layers : [{ file: "", scope: "user" as const, sections: config.sections }];
  let base: Record<string, unknown> = {};
  for (const layer of layers) if (layer.scope === "user") base = { ...base, ...layer.sections[name] };
  let result = schema.safeParse(base);
  if (!result.success) {
    config.problems.push(
      `hookrail: the user's "${name}" settings are invalid (${summarize(result.error)}); using its defaults`,
    );
    base = {};
    result = schema.safeParse(base);
  }
  for (const layer of layers) {
    if (layer.scope !== "project") continue;
    for (const [key, value] of Object.entries(layer.sections[name] ?? {})) {
      const rule = policy[key];
      const where = `hookrail: ${layer.file}: "${name}.${key}"`;
      const current = result.success ? (result.data as Record<string, unknown>)[key] : undefined;
      if (rule && rule !== "union" && !rule.allows(value, current)) {
        config.problems.push(`${where}: ${JSON.stringify(value)} ignored: ${rule.why} (${config.userFile})`);
        continue;
      }
      const next = rule === "union" && Array.isArray(value) && Array.isArray(current) ? union(current, value) : value;
      const tried = schema.safeParse({ ...base, [key]: next });
      if (!tried.success) {
        config.problems.push(`${where} is invalid (${summarize(tried.error)}); ignored it`);
        continue;
      }
      base = { ...base, [key]: next };
      result = tried;
    }
  }
  return result.success ? result.data : schema.parse({});
}

const union = (a: unknown[], b: unknown[]) => [...a, ...b.filter((x) => !a.includes(x))];

function summarize(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "root"}: ${issue.message}`)
    .join("; ");
}

/**
 * Whether a branch matches one of the patterns: exact names, or `*` for any run of characters, `/` and
 * newlines included (`release/*` matches `release/1.2/hotfix`; a name read from a command may hold anything).
 */
export function matchesBranch(branch: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (!pattern.includes("*")) return pattern === branch;
    const source = pattern.split("*").map(escapeRegExp).join(".*");
    return new RegExp(`^${source}$`, "s").test(branch);
  });
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
