// The Claude Code marketplace each scope installs from. Claude Code keeps one list of marketplaces per
// user, by name (~/.claude/plugins/known_marketplaces.json), and `marketplace add` of a name it knows
// re-points it. So each scope has a name of its own: the user scope `hookrail-user` (its folder in
// hookrail's data folder), each repository its own (`hookrail-<folder>-<hash>`, kept in the marketplace
// copy committed in <repo>/.claude/hookrail/, so every clone of it uses the same one). Neither is
// `hookrail`, the name of this repository's own marketplace (`claude plugin marketplace add <owner>/hookrail`).
import { createHash } from "node:crypto";
import { basename, join } from "node:path";
import { UserError } from "./errors.ts";
import { readText } from "./files.ts";

export const USER_MARKET = "hookrail-user";

/** The marketplace file of a marketplace folder. */
export const marketFile = (folder: string): string => join(folder, ".claude-plugin", "marketplace.json");

/** The shipped marketplace.json, named `name`. */
export function renamedMarket(shipped: string, name: string): string {
  const text = readText(shipped);
  if (text === null) throw new UserError(`${shipped} does not exist; in a clone of hookrail, run npm run build first`);
  return `${JSON.stringify({ ...(JSON.parse(text) as object), name }, null, 2)}\n`;
}

const NAME = /^hookrail-[a-z0-9][a-z0-9-]*$/;

/**
 * A repository's marketplace name: the one its committed copy in `folder` (where the CLI keeps a project's
 * marketplace) has, else one made from the project's folder name.
 */
export function projectMarket(folder: string, project: string, read: (file: string) => string | null): string {
  try {
    const name = (JSON.parse(read(marketFile(folder)) ?? "{}") as { name?: unknown }).name;
    if (typeof name === "string" && NAME.test(name) && name !== USER_MARKET) return name;
  } catch {
    // No usable copy yet: a new name.
  }
  const slug =
    basename(project)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 24) || "project";
  return `hookrail-${slug}-${createHash("sha256").update(project).digest("hex").slice(0, 6)}`;
}
