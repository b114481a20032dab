// The files of one guardrail's three shipped folders, and the repo-root marketplace listing them all.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBundlePath, claudePluginFiles } from "@hookrail/claude";
import { codexBundlePath, codexHookFiles } from "@hookrail/codex";
import { type CliName, type GuardrailManifest, manifestJson, type PackageFile } from "@hookrail/core";
import { geminiBundlePath, geminiExtensionFiles } from "@hookrail/gemini";
import { bundleHook } from "./bundle.ts";
import type { GuardrailPackage } from "./guardrails.ts";

/** A file relative to the repository root. */
export interface BuiltFile {
  path: string;
  content: string;
}

const packaging: Record<
  CliName,
  { files: (m: GuardrailManifest) => PackageFile[]; bundle: (m: GuardrailManifest) => string }
> = {
  claude: { files: claudePluginFiles, bundle: claudeBundlePath },
  gemini: { files: geminiExtensionFiles, bundle: geminiBundlePath },
  codex: { files: codexHookFiles, bundle: codexBundlePath },
};

/** The git hooks a guardrail may ship a program for. */
export const GIT_HOOKS = ["pre-push"] as const;

export const pluginDir = (name: string, cli: CliName) => join("plugins", name, cli);

export async function buildGuardrailFiles(guardrail: GuardrailPackage): Promise<BuiltFile[]> {
  const { manifest } = guardrail;
  const readmeFile = join(guardrail.dir, "README.md");
  const readme = existsSync(readmeFile) ? readFileSync(readmeFile, "utf8") : undefined;
  const files: BuiltFile[] = [];
  for (const cli of Object.keys(packaging) as CliName[]) {
    const dir = pluginDir(manifest.name, cli);
    const { files: makeFiles, bundle } = packaging[cli];
    for (const file of makeFiles(manifest)) files.push({ path: join(dir, file.path), content: file.content });
    files.push({ path: join(dir, bundle(manifest)), content: await bundleHook(guardrail.entries[cli], manifest.name) });
    if (readme) files.push({ path: join(dir, "README.md"), content: readme });
  }
  // Git hooks a guardrail ships (src/git-hooks/<hook>.ts): plugins/<guardrail>/git/<hook>.cjs, for `hookrail install --git-hook`.
  for (const hook of GIT_HOOKS) {
    const entry = join(guardrail.dir, "src", "git-hooks", `${hook}.ts`);
    if (!existsSync(entry)) continue;
    files.push({
      path: join("plugins", manifest.name, "git", `${hook}.cjs`),
      content: await bundleHook(entry, `${manifest.name}-${hook}`),
    });
  }
  return files;
}

/** `.claude-plugin/marketplace.json`: `claude plugin marketplace add <this repo>` lists every guardrail. */
export function marketplaceFile(guardrails: GuardrailPackage[], rootPackage: { description?: string }): BuiltFile {
  const marketplace = {
    name: "hookrail",
    owner: { name: "hookrail" },
    metadata: { description: rootPackage.description ?? "hookrail guardrail hooks" },
    plugins: guardrails.map(({ manifest }) => ({
      name: manifest.name,
      source: `./${pluginDir(manifest.name, "claude")}`,
      description: manifest.description,
      version: manifest.version,
    })),
  };
  return { path: join(".claude-plugin", "marketplace.json"), content: manifestJson(marketplace) };
}
