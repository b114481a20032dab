// A CLI's settings file holds what decides whether hooks run and much else besides (permissions, models, UI). A
// file tool's edit there is the user's to make only when it changes a key that decides about hooks; everything
// else (`"Bash(npm test)"` added to permissions) is everyday work. Pure: the texts before and after come in.
import { parse as parseToml } from "smol-toml";

/** One CLI settings file: where it is, and its keys that decide whether hooks (and the gate) run. */
export interface SettingsFile {
  cli: string;
  /** Matches the file's absolute path. */
  path: RegExp;
  /**
   * Keys (a dotted path for a nested one) whose value decides whether hooks run, or that name commands the CLI
   * runs outside any hook (a status line, a key helper): a change to one is the user's to make.
   */
  keys: readonly string[];
  /** JSON unless said (Codex's config.toml). */
  format?: "toml";
}

// Claude Code's settings (also Copilot CLI's Claude-format ones: it reads the same keys).
const CLAUDE_KEYS = [
  "hooks",
  "disableAllHooks",
  "allowManagedHooksOnly",
  "enabledPlugins",
  "extraKnownMarketplaces",
  "strictKnownMarketplaces",
  "allowedHttpHookUrls",
  "httpHookAllowedEnvVars",
  // Variables such as CLAUDE_CODE_SIMPLE switch hooks off.
  "env",
  "statusLine",
  "apiKeyHelper",
  "awsAuthRefresh",
  "awsCredentialExport",
  "otelHeadersHelper",
];

/**
 * The table a CLI adds its settings files to. Files not listed here (hooks.json files, plugin folders) are blocked
 * whole: every key in them decides about hooks.
 */
export const SETTINGS_FILES: readonly SettingsFile[] = [
  { cli: "claude", path: /\/\.claude\/settings(?:\.local)?\.json$/, keys: CLAUDE_KEYS },
  // $CLAUDE_CONFIG_DIR/settings.json: any folder, so only by its name next to Claude Code's own files.
  {
    cli: "gemini",
    path: /\/\.gemini\/settings\.json$/,
    // hooksConfig (enabled, disabled), the extensions' enablement, folder trust (project hooks run only when trusted);
    // `tools.allowed` and the other tool settings are Gemini's permissions.
    keys: ["hooks", "hooksConfig", "extensions", "security", "tools.enableHooks"],
  },
  {
    // User (~/.qwen, $QWEN_HOME) and project settings; the system files under /etc/qwen-code stay blocked whole.
    cli: "qwen",
    path: /\/\.qwen\/settings\.json$/,
    // Gemini's keys (Qwen Code is its fork) and its own off switch; `tools.*` and `permissions` are its permissions.
    keys: ["hooks", "hooksConfig", "disableAllHooks", "extensions", "security", "tools.enableHooks", "env"],
  },
  {
    // ~/.factory ($FACTORY_HOME_OVERRIDE) and a project's settings; hooks.json and the organization's stay blocked.
    cli: "droid",
    path: /\/\.factory\/settings(?:\.local)?\.json$/,
    // Its hooks, Claude Code's plugin keys, which it writes there, and its off switch; `commandAllowlist` and
    // `commandDenylist` are its permissions.
    keys: [...CLAUDE_KEYS, "hooksDisabled"],
  },
  {
    cli: "copilot",
    path: /\/(?:\.copilot\/(?:settings|settings\.local|config)|\.github\/copilot\/settings(?:\.local)?)\.json$/,
    keys: [...CLAUDE_KEYS, "installedPlugins", "trustedFolders"],
  },
  {
    // ~/.codex and a project's .codex (a $CODEX_HOME elsewhere stays blocked whole: its name tells nothing).
    cli: "codex",
    path: /\/\.codex\/config\.toml$/,
    // Hook tables and their trust (`[hooks.state]`), the hooks feature switch, project trust (a project's hooks
    // load only when it is trusted), profiles (which may switch features) and `notify`, a command Codex runs by
    // itself. `approval_policy`, `sandbox_mode`, `model`… are everyday settings.
    keys: ["hooks", "features", "projects", "profiles", "profile", "notify", "allow_managed_hooks_only"],
    format: "toml",
  },
];

/** The settings file a path is, if it is one in the table. */
export function settingsFileAt(path: string): SettingsFile | undefined {
  return SETTINGS_FILES.find((f) => f.path.test(path));
}

/**
 * Does going from `before` to `after` leave every deciding key as it was? `before` undefined: the file does not
 * exist yet. Unreadable JSON (comments included) answers false: the edit stays the user's to make.
 */
export function decidingKeysUnchanged(file: SettingsFile, before: string | undefined, after: string): boolean {
  const a = before === undefined || before.trim() === "" ? {} : parseObject(before, file.format);
  const b = parseObject(after, file.format);
  if (!a || !b) return false;
  return file.keys.every((k) => canonical(at(a, k)) === canonical(at(b, k)));
}

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split(".")) {
    v = v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[part] : undefined;
  }
  return v;
}

function parseObject(text: string, format?: "toml"): Record<string, unknown> | undefined {
  try {
    const value: unknown = format === "toml" ? parseToml(text) : JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A value's JSON with object keys sorted: the same for equal values written in any order. */
function canonical(value: unknown): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value, (_k, v: unknown) =>
    typeof v === "bigint"
      ? `${v}n`
      : v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
        : v,
  );
}

/**
 * The text a file tool leaves in the file: a write's content, or an edit (or a list of edits) applied to what the
 * file holds. undefined when it cannot be told (an edit whose text is not found, an input of unknown shape).
 * Claude Code's `old_string`, Droid's `old_str`, Pi's `oldText`, OpenCode's and Kilo's `oldString` (an empty one
 * writes the whole file).
 */
export function textAfterTool(input: Record<string, unknown>, current: string | undefined): string | undefined {
  for (const key of ["content", "file_text"]) {
    if (typeof input[key] === "string") return input[key] as string;
  }
  const edits = Array.isArray(input.edits) ? (input.edits as Record<string, unknown>[]) : [input];
  let text = current;
  for (const e of edits) {
    const from = e.old_string ?? e.old_str ?? e.oldText ?? e.oldString;
    const to = e.new_string ?? e.new_str ?? e.newText ?? e.newString;
    if (e.oldString === "" && typeof to === "string") {
      text = to;
      continue;
    }
    if (typeof from !== "string" || typeof to !== "string" || text === undefined) return undefined;
    if (from === "") {
      if (text !== "") return undefined;
      text = to;
      continue;
    }
    if (!text.includes(from)) return undefined;
    const all = e.replace_all === true || e.replaceAll === true;
    text = all ? text.split(from).join(to) : text.replace(from, () => to);
  }
  return text;
}

// git's config files: where core.hooksPath (or an include that may set it) switches the pre-push layer off.
const GIT_CONFIG =
  /(?:\/\.gitconfig|\/\.git\/config|\/\.git\/config\.worktree|\/\.config\/git\/config|^\/etc\/gitconfig)$/;
const HOOKS_LINE = /hookspath|^\s*\[\s*include|^\s*path\s*=/i;

/** Is this one of git's config files? */
export const isGitConfigFile = (path: string): boolean => GIT_CONFIG.test(path);

/** Does going from `before` to `after` touch core.hooksPath or an include (lines that name them)? */
export function changesGitHooksPath(before: string | undefined, after: string): boolean {
  const lines = (text: string | undefined) =>
    (text ?? "")
      .split(/\r?\n/)
      .filter((l) => HOOKS_LINE.test(l))
      .map((l) => l.trim().replace(/\s+/g, " "))
      .join("\n");
  return lines(before) !== lines(after);
}
