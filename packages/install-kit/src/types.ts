// One installer per CLI behind one interface: an installer only plans (what to copy, which files
// become what, which of the CLI's own commands to run) and reads status; the command carries the plan out.
import type { InstallProbe } from "@hookrail/core";
import type { Bundles } from "./bundles.ts";
import type { JsonPath } from "./jsonc.ts";
import type { PluginPlace, PluginRouteContext, PluginUse } from "./plugin-use.ts";

/** user: this user; project: committed with the repository; managed: the administrator's layer (root). */
export type Scope = "user" | "project" | "managed";

/** One step of an install or uninstall, in the order it runs. */
export type Change =
  /**
   * A file becomes `after` (null: removed); `before` is what it holds now (null: absent). `derived`: `after` is
   * made from everything installed there (entries several guardrails share), so an uninstall writes it as it is
   * and never puts back the copy from before this guardrail's install, which other installs and uninstalls may
   * have outdated.
   */
  | { kind: "file"; path: string; before: string | null; after: string | null; derived?: boolean }
  /** A folder copied over `to` (replacing it); `except`: names of files at its top that are left out. */
  | { kind: "copy"; from: string; to: string; except?: readonly string[] }
  /** A folder we copied earlier, removed. */
  | { kind: "remove"; path: string }
  /**
   * One of the CLI's own commands (its installer); `bin` is looked up on PATH first. `touches`: the
   * files and folders it changes, checked writable up front and put back if a later step fails.
   */
  | { kind: "run"; bin: string; args: string[]; env?: Record<string, string>; cwd?: string; touches?: string[] }
  /**
   * A JSON file the CLI's own command (run just before) rewrites whole: afterwards its text is put
   * back as it was, with only the values at `paths` taken from the CLI's version, so the user's
   * formatting stays. `after` is the expected result (shown by --dry-run); `exact` uses it as is.
   */
  | { kind: "settle"; path: string; paths: JsonPath[]; before: string | null; after: string | null; exact?: boolean };

/** Everything an installer may read: where things are, and the facts of this machine. */
export interface InstallContext {
  env: NodeJS.ProcessEnv;
  home: string;
  /** The project folder (the git top level of cwd, else cwd): the root for project scope. */
  project: string;
  scope: Scope;
  /** The stable copy of the shipped folders this install uses. */
  bundles: Bundles;
  /** Managed scope: where the system lives ("/", or an image being built) and the bundles' folder in it. */
  system: { root: string; prefix: string };
  /** A file's content as the plan so far leaves it (null: absent): plans of several guardrails chain. */
  read(file: string): string | null;
}

export type { InstallProbe };

/** Why an installed guardrail would not run (silently), and what fixes it. */
export interface Problem {
  /** A stable id for scripts (`doctor --json`): `<cli>.<thing>.<state>`, e.g. `codex.hook.untrusted`. */
  id?: string;
  problem: string;
  fix: string;
}

export interface GuardrailStatus {
  installed: boolean;
  /** The installed version, when the CLI's files say. */
  version?: string;
  /** Where it is installed (a folder or file to show the user). */
  where?: string;
  /** Empty when it will really run. */
  problems: Problem[];
}

/** One line of `hookrail doctor`: what was checked, and when it fails, the fix. */
export interface DoctorCheck {
  /** Stable, for scripts: `codex.hook.untrusted`… (`ok` checks: what was checked). */
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}

/** Where `hookrail doctor` found a guardrail of a CLI. */
export interface InstalledPlace {
  cli: string;
  scope: Scope;
  project?: string;
  installed: boolean;
}

export interface CliInstaller {
  /** The `--cli` name. */
  cli: string;
  /** How the user calls the CLI. */
  title: string;
  /** The scopes this CLI has; any other gets one clear line and exit 1. */
  scopes: readonly Scope[];
  /** What to say when a scope is not offered (e.g. where the CLI cannot do it). */
  scopeNote?: Partial<Record<Scope, string>>;
  /** The steps that install `guardrail` (reinstalling replaces the earlier copy). */
  install(guardrail: string, ctx: InstallContext): Change[];
  /** The steps that remove what install added (files computed from their current content). */
  uninstall(guardrail: string, ctx: InstallContext): Change[];
  /** Is it installed in this scope, which version, and will it really run. */
  status(guardrail: string, ctx: InstallContext): GuardrailStatus;
  /** Lines printed after an install: what the user still has to do (e.g. trust a project). */
  notes?(guardrail: string, ctx: InstallContext): string[];
  /** The CLI's command: `--cli all` counts the CLI as present when it is on PATH. */
  bin?: string;
  /** Its own folders (e.g. ~/.codex): `--cli all` counts the CLI as present when one exists. */
  homes?(ctx: InstallContext): string[];
  /**
   * Facts about the CLI's files that hold while the installed guardrail runs, kept in the install
   * record: a session-start hook checks them and tells the user when one fails (core's install-check.ts).
   */
  probes?(guardrail: string, ctx: InstallContext): InstallProbe[];
  /** The project folders the CLI's own files say hookrail installed into (found again when the record has gone). */
  projects?(ctx: InstallContext): string[];
  /** The files the installed guardrail's hooks start with node: `doctor` checks each can be read. */
  hookFiles?(guardrail: string, ctx: InstallContext): string[];
  /**
   * Its `status` says itself whether the hooks find a node (a bridge CLI's plugin starts its own, or runs in
   * the CLI's Node); otherwise the CLI starts each hook as `node …` from PATH, and `list`/`doctor` check it.
   */
  checksNode?: true;
  /**
   * Its project installs copy the guardrail's project form (plugins/<g>/project/<cli>), whose hook file runs the
   * project's one copy of the guardrail: the command writes that copy beside them, checks it and removes it with
   * the last install in the project that needs it.
   */
  projectCopy?: true;
  /**
   * The guardrails the CLI loads as plugins installed with its own plugin commands (the marketplace route), per
   * place: the user scope's first, then each project's.
   */
  pluginPlaces?(ctx: PluginRouteContext): PluginPlace[];
  /** What the CLI does with two plugins of one name (`first`: the one enabled first in one settings file), measured. */
  pluginDouble?(first: PluginUse | undefined): string;
  /** Plugins are enabled per project: a project install's double is that project's plugin. */
  projectPlugins?: true;
  /** hookrail's own install is a hook file, and the user's plugins load beside it in every project (Copilot CLI). */
  pluginsBesideHookFiles?: true;
  /** What the CLI itself says of the installed guardrails, for `hookrail doctor` (`cwd`: where doctor runs). */
  doctorChecks?(rows: readonly InstalledPlace[], env: NodeJS.ProcessEnv, cwd: string): Promise<DoctorCheck[]>;
}
