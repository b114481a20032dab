// What a run reports: per scripted tool call, whether it really ran and what the model was told.

import type { ListedHook } from "@hookrail/codex/install";
import type { CliName } from "../clis.ts";
import type { FakeCall } from "../fake-bin.ts";
import type { McpCall } from "../mcp.ts";
import type { Scenario, Step } from "../scenario.ts";
import type { Session } from "./session.ts";
import type { TuiAnswer } from "./tui.ts";

export interface CallReport {
  index: number;
  step: Step;
  /** The CLI's native tool name (Bash, run_shell_command, exec_command, Write, ...). */
  tool: string;
  id: string;
  /** true/false from evidence (stub log, written file, post-tool spy); null when there is none. */
  executed: boolean | null;
  evidence: string;
  /** The tool result text the CLI sent back to the model; null if it never did. */
  feedback: string | null;
  /** Index (in `mainTexts`) of the request that carried the call's result. */
  resultRequest: number | null;
}

export interface SetupStep {
  cmd: string;
  exitCode: number | null;
  output: string;
}

export interface RunReport {
  cli: CliName;
  version: string;
  /** How the CLI ran: headless (-p / exec), or its terminal UI under tmux. */
  ui: "headless" | "tui";
  exitCode: number | null;
  timedOut: boolean;
  wallMs: number;
  calls: CallReport[];
  /** Everything the model was shown in each agent-loop request (system prompt, messages, tool results), in order. */
  mainTexts: string[];
  /** Requests the mock could not route (each one is a bug in the mock or a CLI change). */
  unexpectedRequests: string[];
  /** Non-loopback targets the CLI session (or its hooks) tried to reach through the trap proxy. */
  netAttempts: string[];
  /** The same, during setup (plugin/extension install, hook trust). */
  setupNetAttempts: string[];
  /** When the first and last model requests arrived, in ms after the CLI started. */
  timeline: { firstRequestMs: number | null; lastRequestMs: number | null };
  fakeCalls: FakeCall[];
  /** Every tools/call the run's MCP server received, in order (empty when the scenario calls no MCP tool). */
  mcpCalls: McpCall[];
  /** Every file of the project after the run (path relative to it → text; .git left out). */
  projectFiles: Record<string, string>;
  setup: SetupStep[];
  /** Codex: the hookrail hooks `codex app-server` hooks/list showed after `hookrail install`, with their trust. */
  codexHooks?: ListedHook[];
  /** Terminal-UI runs: every distinct line the screen showed, in order. */
  stdout: string;
  stderr: string;
}

/** How a guardrail is installed for a run: `<root>/plugins/<guardrail>/<cli>/` (+ root marketplace for Claude). */
export interface GuardrailSource {
  guardrail: string;
  root: string;
}

/** A run that starts in plan mode. */
export interface PlanModeRun {
  /**
   * Terminal-UI runs (Claude, Codex): how the user answers the approval dialog (e.g. when the
   * screen shows /Yes, clear context/, press "1"). Gemini runs headless: approved automatically.
   */
  answers?: TuiAnswer[];
  /** Claude: settings for the session (passed with --settings), e.g. showClearContextOnPlanAccept. */
  settings?: Record<string, unknown>;
}

export interface RunOptions {
  scenario: Scenario;
  /** Guardrails to install the way a user does. */
  install: GuardrailSource[];
  /** Kill the CLI after this long (default 120 s). */
  timeoutMs?: number;
  /** Start in plan mode (Claude and Codex: their terminal UI under tmux; Gemini: `--approval-mode plan`). */
  planMode?: PlanModeRun;
  /** Claude: install with `claude plugin marketplace add` of the clone instead of the packed `hookrail install`. */
  viaMarketplace?: boolean;
  /** Run `hookrail uninstall` after installing, before the session: the guardrail must be gone. */
  uninstallFirst?: boolean;
  /** Install with `--scope managed` (the run's private /etc), then apply what the user (or an administrator) changes. */
  managed?: ManagedRun;
  /** Copilot: install from the Claude marketplace instead of its own hook file (`hookrail install`); Qwen: its Claude plugin. */
  packaging?: Packaging;
  /** Claude: its terminal UI in the default permission mode (not plan), answering its dialogs (e.g. a hook's ask). */
  tui?: PlanModeRun;
  /** Sets up the run's world before the install: config files, a remote, git hooks. */
  prepare?: (s: Session) => Promise<void> | void;
  /**
   * Runs once the CLI is set up and `install` is done, just before the session, with the session's own
   * environment: install lifecycles driven step by step (hookrail commands, the CLI's own), checks on the way.
   */
  afterInstall?: (s: Session) => Promise<void> | void;
  /** A bridge CLI (OpenCode, Kilo, Pi): what the user (or a fault) changes after the install. */
  bridge?: BridgeRun;
}

/** What a bridge-CLI run changes after `hookrail install`: a broken bundle, a flag, the CLI's environment. */
export interface BridgeRun {
  /** After the install, before the session (e.g. damage the installed bundle). */
  afterInstall?: (s: Session) => Promise<void> | void;
  /** Added to the CLI's command line (e.g. --pure, --no-extensions). */
  args?: readonly string[];
  /** Added to (or replacing parts of) the session's environment (e.g. a PATH without node). */
  env?: (s: Session) => Record<string, string>;
}

/**
 * A managed-scope run: the guardrail installed with `hookrail install --scope managed`, then one
 * switch a user can reach (a settings file, a CLI command, a flag, an environment variable), or an
 * administrator's change to the managed layer itself.
 */
export interface ManagedRun {
  /** After the install, before the session: write files, run the CLI's own commands. */
  apply?: (s: Session) => Promise<void> | void;
  /** Arguments added to the session's command line. */
  args?: readonly string[];
  /** Environment added to the session. */
  env?: Record<string, string>;
}

/** How a guardrail is shipped to a CLI that takes more than one form. */
export type Packaging = "native" | "claude-plugin";

export class SetupError extends Error {
  constructor(
    message: string,
    readonly setup: SetupStep[],
  ) {
    super(`${message}\n${setup.map((s) => `$ ${s.cmd} -> ${s.exitCode}\n${s.output}`).join("\n")}`);
  }
}

/**
 * Network attempts the trap proxy refused during a terminal-UI session, known to come from the CLI
 * itself with no setting that stops them. Headless sessions have none.
 */
export const KNOWN_TUI_TRAFFIC: { cli: CliName; target: RegExp; why: string }[] = [
  {
    cli: "codex",
    target: /^CONNECT raw\.githubusercontent\.com:443$/,
    why: "the Codex TUI fetches openai/codex/main/announcement_tip.toml at every start; no setting stops it (0.169.0; [tui] show_tooltips = false does not)",
  },
];

/** Network attempts the trap proxy refused while installing a guardrail, known to come from the CLI itself. */
export const KNOWN_SETUP_TRAFFIC: { cli: CliName; target: RegExp; why: string }[] = [
  {
    cli: "gemini",
    target: /^CONNECT play\.googleapis\.com:443$/,
    why: "gemini extensions link logs an install event to Clearcut: its ExtensionManager builds a Config without privacy.usageStatisticsEnabled (0.61.0)",
  },
];
