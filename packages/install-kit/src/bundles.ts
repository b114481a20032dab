// Where an install finds the shipped folders: the command hands each installer a `Bundles` (its version, the
// folder it ships from and the stable copy installs point at) in the install context.
import { join } from "node:path";
import { PROJECT_FORM } from "@hookrail/core";

export interface Bundles {
  version: string;
  /** Where this command's shipped folders are (the package, or a clone). */
  source: string;
  /** The stable copy installs use: same layout as `source`. */
  root: string;
}

/** plugins/<g>/<cli> under `root` (source or stable copy). */
export const pluginFolder = (root: string, guardrail: string, cli: string): string =>
  join(root, "plugins", guardrail, cli);

/** plugins/<g>/project/<cli> under `root`: the CLI's folder with a hook file that runs the project's shared copy. */
export const projectFolder = (root: string, guardrail: string, cli: string): string =>
  join(root, "plugins", guardrail, PROJECT_FORM, cli);

/**
 * The shipped folder an install in this scope copies for a CLI, from the source (default) or the stable copy: in a
 * project its project form, which is why a project holds one copy of each guardrail however many CLIs run it.
 */
export const shippedFolder = (
  ctx: { scope: string; bundles: Bundles },
  guardrail: string,
  cli: string,
  stable = false,
): string => {
  const root = stable ? ctx.bundles.root : ctx.bundles.source;
  return ctx.scope === "project" ? projectFolder(root, guardrail, cli) : pluginFolder(root, guardrail, cli);
};
