// Every CLI hookrail installs into, by `--cli` name, in the list's order: each CLI's installer comes from its
// package (its `./install` export) through the list of CLIs.
import { supportedClis } from "@hookrail/clis";
import type { CliInstaller } from "@hookrail/install-kit";
import { namesIn, UsageError, unknownName } from "../registry.ts";

export const installers: Record<string, CliInstaller> = Object.fromEntries(
  supportedClis().map((cli) => [cli.name, cli.installer]),
);

/**
 * The installers `--cli` names: one, several (`--cli gemini --cli codex`, `--cli gemini,codex`), or every one for
 * "all".
 */
export function findInstallers(names: string | readonly string[] | undefined): CliInstaller[] {
  const given = names === undefined ? [] : namesIn(typeof names === "string" ? [names] : names);
  const list: (string | undefined)[] = given.length ? given : [undefined];
  if (list.includes("all")) {
    if (list.length > 1) throw new UsageError("--cli all already names every CLI: give it alone");
    return Object.values(installers);
  }
  return [...new Set(list.map(findInstaller))];
}

function findInstaller(name: string | undefined): CliInstaller {
  const found = name && Object.hasOwn(installers, name) ? installers[name] : undefined;
  if (!found) throw unknownName("CLI", name, [...Object.keys(installers), "all"]);
  return found;
}
