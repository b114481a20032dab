// Where an install finds the shipped folders: the command hands each installer a `Bundles` (its version, the
// folder it ships from and the stable copy installs point at) in the install context.
import { join } from "node:path";

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
