// Where the repo's shipped guardrail folders are, and whether one is built for a CLI yet.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CLIS } from "@hookrail/clis";
import type { GuardrailManifest } from "@hookrail/core";
import type { CliName } from "../clis.ts";
import type { GuardrailSource } from "../runner/types.ts";

/** The repository root (test/src/cells -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Where the cells take plugins/ and .claude-plugin/ from: the repo, or HOOKRAIL_PLUGINS_ROOT (e.g. a fresh build elsewhere). */
export const PLUGINS_ROOT = path.resolve(process.env.HOOKRAIL_PLUGINS_ROOT || REPO_ROOT);

export const repoSource = (guardrail: string): GuardrailSource => ({ guardrail, root: PLUGINS_ROOT });

function listedInMarketplace(root: string, guardrail: string): boolean {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(root, ".claude-plugin", "marketplace.json"), "utf8")) as {
      plugins?: { name?: string }[];
    };
    return (m.plugins ?? []).some((p) => p.name === guardrail);
  } catch {
    return false;
  }
}

const PROBE_MANIFEST: GuardrailManifest = {
  name: "",
  version: "0.0.0",
  description: "",
  bindings: [],
  bundle: "",
  timeoutSeconds: 10,
};

/** The first missing piece of `<root>/plugins/<g>/<cli>/`, or undefined when it is all there. */
export function missingPiece(src: GuardrailSource, cli: CliName): string | undefined {
  const dir = path.join("plugins", src.guardrail, cli);
  // The file names the CLI's packaging makes do not depend on a guardrail's bindings.
  const manifest = { ...PROBE_MANIFEST, name: src.guardrail, bundle: `${src.guardrail}.cjs` };
  const { packaging } = CLIS[cli];
  const need = [
    // A file the installer writes elsewhere (Kimi Code's and Cline's dispatchers) is not needed in the folder.
    ...packaging
      .files(manifest)
      .filter((f) => !f.writtenElsewhere)
      .map((f) => f.path),
    packaging.bundlePath(manifest),
    ...(packaging.bridge ? [packaging.bridge.pluginPath(manifest)] : []),
  ];
  const missing = need.map((f) => path.join(dir, f)).find((f) => !fs.existsSync(path.join(src.root, f)));
  if (missing) return missing;
  if (cli === "claude" && !listedInMarketplace(src.root, src.guardrail))
    return `.claude-plugin/marketplace.json entry for ${src.guardrail}`;
  return undefined;
}
