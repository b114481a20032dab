// What hookrail knows about where a CLI keeps the things that decide whether hooks run: plain data, one object per
// CLI in its own package (`packages/<cli>/src/places.ts`), read by the guardrails through `@hookrail/clis/places`.
// Types only: the readers (the merge gate's protected places, its settings-key table, its hooks-off commands)
// interpret it. Imports nothing but types: a hook bundle may take it whole.

import type { HookNeed } from "../model/event.ts";

/**
 * A file or folder, written as a path with the environment in it:
 * - `~/.claude/settings.json`: in the user's home (also under `%USERPROFILE%` when it differs, and matched as
 *   `.claude/settings.json` wherever it sits: another home, a project, a copy);
 * - `{$CODEX_HOME,~/.codex}/hooks.json`: where the variable says, and where it is without it (both protected);
 * - `$GEMINI_CLI_SYSTEM_SETTINGS_PATH`, `$ProgramData/gemini-cli/**`: only when the variable is set to an
 *   absolute path;
 * - `/etc/codex/**`: an absolute path;
 * - `** /.github/hooks/**` (without the space): that relative path wherever it sits, a project's own folders.
 * A trailing `/**` protects everything below the folder.
 */
export type PlacePath = string;

/** One protected file or folder and what it is, for the block reason ("Claude Code's hook settings"). */
export interface CliPlace {
  path: PlacePath;
  what: string;
}

/** A settings file that holds other things besides what decides whether hooks run (permissions, models). */
export interface CliSettingsFile {
  /** Matches the file's absolute path (forward slashes). */
  path: RegExp;
  /**
   * Keys (a dotted path for a nested one) whose value decides whether hooks run, or that name commands the CLI
   * runs outside any hook (a status line, a key helper): a change to one is the user's to make. A list among them
   * stands for its keys (`CLAUDE_STYLE_SETTINGS_KEYS`), so a hook bundle that takes only a CLI's title drops it all.
   */
  keys: readonly (string | readonly string[])[];
  /** JSON unless said. */
  format?: "toml";
}

/** A subcommand of the CLI's own command that changes or switches off its hooks. */
export interface HooksOffSubcommand {
  /** The words that start it (`["features", "disable"]`). */
  words: readonly string[];
  /** It changes nothing when the next word is one of these (`hooks list`). */
  unless?: readonly string[];
  /** It changes hooks only when one of the following words is this (`features disable hooks`). */
  operand?: string;
  /** What it does, for the block reason: "turns Codex hooks off". */
  what: string;
}

/** The CLI's own commands that remove or switch off what hookrail installed. */
export interface HooksOffCommands {
  /** The command's names (`claude`; `kilo`, `kilocode`). */
  commands: readonly string[];
  /** `<command> plugin(s) uninstall|remove|disable <ours>` and `plugin marketplace remove`: "a Claude Code plugin". */
  plugins?: string;
  /** `<command> extension(s) uninstall|disable <ours>`: "a Gemini CLI extension". */
  extensions?: string;
  subcommands?: readonly HooksOffSubcommand[];
}

/**
 * A folder plan files are written in: `~/.x/plans` in the user's home; `{$VAR,~/.x}/plans` under the variable when
 * it is set, else under the fallback; `$VAR` only when the variable is set; `./.x/plans` in the project (none
 * without one). `<session>` stands for the session's id. Or a setting that names a folder inside the project.
 */
export type PlanFolder = string | PlanFolderSetting;

/** A settings key (dotted for a nested one) naming a plans folder, relative to the project and only inside it. */
export interface PlanFolderSetting {
  setting: string;
  /** The settings files that may hold it, written as a `PlanFolder`; the first that sets it wins. */
  files: readonly string[];
}

/**
 * How the CLI's plan mode reaches hooks; plan-export has one route per kind:
 * - `plan-tool-and-batch`: the plan tool's input carries the plan and its file; an approval answers in its
 *   after-tool event, a rejection only in a batch event (Claude Code's PostToolBatch);
 * - `plan-tool-names-file`: the plan tool names a file in a plans folder; its result tells the answer;
 * - `plan-in-answer`: plan mode has no tool, the plan is in the model's answer (kept in the transcript) and a
 *   prompt approves it;
 * - `session-plan-file`: the plan is plan.md in the session's folder, the plan tool presents it, its result tells;
 * - `plan-agent`: a plan agent writes the plan into a plans folder and its plan tool asks to switch agents;
 * - `plan-tool-dialog`: the plan tool's input carries the plan, a permission event shows it to the user;
 * - `plan-tool-call`: the plan tool's input carries the plan, its result tells the answer;
 * - `plan-tool-result`: the plan reaches hooks only in the plan tool's result, after the approval;
 * - `plan-exit-choice`: the model saves the plan into a plans folder, a plan tool naming no file presents the
 *   session's newest draft there, and its result starts with the user's choice (implement, iterate, declined).
 */
export type PlanRoute =
  | "plan-tool-and-batch"
  | "plan-tool-names-file"
  | "plan-in-answer"
  | "session-plan-file"
  | "plan-agent"
  | "plan-tool-dialog"
  | "plan-tool-call"
  | "plan-tool-result"
  | "plan-exit-choice";

/** Where the CLI keeps plans and how its plan mode reaches hooks (read by plan-export). */
export interface CliPlans {
  route: PlanRoute;
  /** Where plan files are written; none when the plan comes in the events themselves. */
  folders?: readonly PlanFolder[];
  /** Plan files wherever they sit, by their path (forward or back slashes): a default folder under any project. */
  planFiles?: RegExp;
  /** A variable naming the project when hooks run elsewhere (`CLAUDE_PROJECT_DIR`); else the event's cwd. */
  projectEnv?: string;
  /** Approving with "clear context" starts a new session whose transcript carries the plan. */
  clearContextContinues?: true;
}

export interface CliPlaces {
  /** The product's name, for every message that names the CLI ("Claude Code"). */
  title: string;
  /** Every file or folder on the machine or in a project whose change decides whether hookrail's hooks run. */
  protected: readonly CliPlace[];
  /**
   * Top-level folders that belong to this CLI wherever they sit (`.claude`): removing or moving one removes its
   * hook settings, so a removal of the folder itself is judged like a change of what is in it.
   */
  ownFolders: readonly string[];
  /** Settings files whose other keys are everyday work (the rest of `protected` is blocked whole). */
  settingsFiles?: readonly CliSettingsFile[];
  /** The CLI's commands that uninstall or switch off hooks. */
  hooksOff?: HooksOffCommands;
  /**
   * Set when the agent can type into a session a command started (Codex's `write_stdin`): the merge gate cannot
   * read what is typed later, so it refuses to start interactive sessions there.
   */
  typesIntoSessions?: true;
  /** Where its plans are and how plan mode reaches hooks; none when plan-export cannot follow its plans. */
  plans?: CliPlans;
  /**
   * What its hooks cannot do, each in the words a refusal gives ("Pi has no plan mode"): a guardrail that needs one
   * of them is refused in this CLI with that sentence and the guardrail's consequence.
   */
  lacks?: Readonly<Partial<Record<HookNeed, string>>>;
  /**
   * Claude Code's settings files whose `hooks` this CLI runs (user `~/.claude/settings.json`, project
   * `.claude/settings.json`, local `.claude/settings.local.json`), and when, if not always: a hook command put there
   * by hand runs in every CLI that reads it (doctor says so).
   */
  claudeSettingsHooks?: { layers: readonly ("user" | "project" | "local")[]; when?: string };
}

/**
 * The keys of Claude Code's settings format that decide whether hooks run or name a command the CLI runs by itself.
 * Other CLIs read the same format (Copilot CLI, Factory Droid), so their packages list these too.
 */
export const CLAUDE_STYLE_SETTINGS_KEYS: readonly string[] = [
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
