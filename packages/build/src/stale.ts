// Which committed plugin files a fresh build would not write as they are: the check behind `bundlePath`
// (@hookrail/test-utils), run before the tests of every package that runs bundles (vitest.bundles.ts).
import { join } from "node:path";
import { buildGuardrailFiles } from "./build.ts";
import { compareFiles } from "./files.ts";
import type { GuardrailPackage } from "./guardrails.ts";

/** The committed files under `root` that a fresh build of `guardrails` would not write as they are. */
export async function staleFiles(root: string, guardrails: GuardrailPackage[]): Promise<string[]> {
  const built = await Promise.all(guardrails.map((g) => buildGuardrailFiles(g)));
  const dirs = guardrails.map((g) => join("plugins", g.manifest.name));
  return compareFiles(root, built.flat(), dirs).map((problem) => problem.slice(problem.indexOf(": ") + 2));
}
