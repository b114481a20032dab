// A guardrail a CLI loads as a plugin by its own plugin commands (`claude plugin install merge-gate@hookrail`,
// `copilot plugin install …`): where it is enabled, whether the CLI has it, and hookrail's own plugin installs
// beside it, so that list, doctor and update can show it and say when one guardrail is installed twice.
import type { CliName } from "@hookrail/core";

/** The scope a CLI's plugin is enabled in, by the CLI's own name for it (Claude Code's `local`: settings.local.json). */
export type PluginScope = "user" | "project" | "local";

export interface PluginUse {
  cli: CliName;
  guardrail: string;
  /** `<plugin>@<marketplace>`. */
  id: string;
  marketplace: string;
  /** Installed by `hookrail install` (its own marketplace), not by the CLI's plugin command. */
  own: boolean;
  /** The scope whose settings file decides whether it is on, here. */
  scope: PluginScope;
  /** That settings file. */
  settings: string;
  enabled: boolean;
  /** The CLI's plugin store has it (or, from a marketplace folder, reads it live from there). */
  installed: boolean;
  version?: string;
  /** The folder it runs from, when the CLI's files say. */
  where?: string;
  /** The marketplace's source in words (owner/repo, URL or folder). */
  source?: string;
  /** A marketplace folder on this machine: the CLI reads the plugin from it as it is (nothing to update). */
  live?: boolean;
  /** Not hookrail's: another plugin that has a guardrail's name. */
  foreign?: boolean;
  /** The CLI updates a plugin from what it last fetched of the marketplace: fetch it first (Claude Code). */
  fetchMarketplaceFirst?: true;
}

/** One place's plugins: the user scope (anywhere), or a project (the user's settings under the project's). */
export interface PluginPlace {
  scope: "user" | "project";
  project?: string;
  uses: PluginUse[];
}

/** The CLI's command for a plugin in a scope (`--scope` only where it is not the user scope's). */
export const pluginCommand = (use: PluginUse, verb: string): string =>
  `${use.cli} plugin ${verb} ${use.id}${use.scope === "user" ? "" : ` --scope ${use.scope}`}`;

/** How to bring a marketplace install up to date, measured: some CLIs need the marketplace fetched first. */
export function updateCommand(use: PluginUse): string | undefined {
  if (use.live) return undefined;
  return use.fetchMarketplaceFirst
    ? `${use.cli} plugin marketplace update ${use.marketplace} && ${pluginCommand(use, "update")}`
    : `${use.cli} plugin update ${use.id}`;
}

/** What a CLI's plugin route reads: the user's files, the shipped folders and the guardrails this build has. */
export interface PluginRouteContext {
  env: NodeJS.ProcessEnv;
  home: string;
  /** The projects whose settings files to read (the user scope's are always read). */
  projects: readonly string[];
  /** The shipped folders (plugins/ and the marketplace). */
  shipped: string;
  /** The names of the guardrails this build has. */
  guardrails: readonly string[];
}
