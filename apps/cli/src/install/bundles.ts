// The shipped folders (plugins/<g>/<cli>/ and the Claude marketplace) and their stable copy:
// installs never point a CLI at the npx cache or a clone that may move, but at
// $XDG_DATA_HOME/hookrail/<version>/ (default ~/.local/share/hookrail/<version>/).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hookrailDataHome } from "@hookrail/core";
import { type Bundles, marketFile, pluginFolder, UserError } from "@hookrail/install-kit";
import { VERSION } from "../version.ts";

/** The nearest folder above this file holding the marketplace: the package itself, or a clone's root. */
export function shippedRoot(env: NodeJS.ProcessEnv): string {
  if (env.HOOKRAIL_PLUGINS_DIR) return dirname(env.HOOKRAIL_PLUGINS_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(marketFile(dir)) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** hookrail's own data folder (where hooks find the install record too). */
export const dataHome = (env: NodeJS.ProcessEnv, home: string): string =>
  hookrailDataHome(env, home) ?? join(home, ".local", "share", "hookrail");

export function bundles(env: NodeJS.ProcessEnv, home: string): Bundles {
  return { version: VERSION, source: shippedRoot(env), root: join(dataHome(env, home), VERSION) };
}

/** The shipped folder of a guardrail for a CLI; an error that says how to get it when absent. */
export function requireShipped(b: Bundles, guardrail: string, cli: string): string {
  const folder = pluginFolder(b.source, guardrail, cli);
  if (!existsSync(folder))
    throw new UserError(`${folder} does not exist; in a clone of hookrail, run npm run build first`);
  return folder;
}
