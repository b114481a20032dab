// The files of one guardrail's shipped folders (one per supported CLI), and the repo-root marketplace listing them all.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CLIS, supportedClis } from "@hookrail/clis";
import {
  type Adapter,
  type CliName,
  type FailurePolicy,
  type HookAnswer,
  manifestJson,
  silentAnswer,
} from "@hookrail/core";
import { bundleHook } from "./bundle.ts";
import type { GuardrailPackage } from "./guardrails.ts";
import { ERROR_MARKER } from "./loader.ts";

/** A file relative to the repository root. */
export interface BuiltFile {
  path: string;
  content: string;
}

/** The git hooks a guardrail may ship a program for. */
export const GIT_HOOKS = ["pre-push"] as const;

/** A git hook that cannot start refuses, with the reason on stderr (git ignores stdout). */
const gitHookStartFailure = (name: string, hook: string): HookAnswer => ({
  exitCode: 1,
  stdout: "",
  stderr: `hookrail ${name}: ${hook} refused because its program could not start (${ERROR_MARKER}); reinstall it with hookrail install ${name} --git-hook\n`,
});

/**
 * What the shipped file answers when the bundle cannot be compiled or started: the loader has not read the
 * event, so a gate uses the adapter's block for an unknown event; an advisory hook says nothing.
 */
export function startFailureAnswer(name: string, failure: FailurePolicy, adapter: Adapter): HookAnswer {
  if (failure === "open") return silentAnswer();
  return adapter.block(
    `${name}: blocked because the hook could not start (${ERROR_MARKER}). Nothing ran; fix the hook's installation (HOOKRAIL_DEBUG_LOG=<file> logs the details), then retry`,
  );
}

export const pluginDir = (name: string, cli: CliName) => join("plugins", name, cli);

export async function buildGuardrailFiles(guardrail: GuardrailPackage): Promise<BuiltFile[]> {
  const { manifest } = guardrail;
  const readmeFile = join(guardrail.dir, "README.md");
  const readme = existsSync(readmeFile) ? readFileSync(readmeFile, "utf8") : undefined;
  const files: BuiltFile[] = [];
  for (const { name: cli, packaging } of supportedClis()) {
    const dir = pluginDir(manifest.name, cli);
    for (const file of packaging.files(manifest, { failure: guardrail.failure }))
      files.push({ path: join(dir, file.path), content: file.content });
    const startFailure = startFailureAnswer(manifest.name, guardrail.failure, CLIS[cli].adapter);
    const decision = guardrail.failure === "closed" ? "failed-closed" : "failed-open";
    const content = await bundleHook(guardrail.entries[cli], manifest.name, startFailure, {
      cli,
      guardrail: manifest.name,
      decision,
    });
    files.push({ path: join(dir, packaging.bundlePath(manifest)), content });
    if (readme) files.push({ path: join(dir, "README.md"), content: readme });
  }
  // Git hooks a guardrail ships (src/git-hooks/<hook>.ts): plugins/<guardrail>/git/<hook>.cjs, for `hookrail install --git-hook`.
  for (const hook of GIT_HOOKS) {
    const entry = join(guardrail.dir, "src", "git-hooks", `${hook}.ts`);
    if (!existsSync(entry)) continue;
    files.push({
      path: join("plugins", manifest.name, "git", `${hook}.cjs`),
      content: await bundleHook(entry, `${manifest.name}-${hook}`, gitHookStartFailure(manifest.name, hook), {
        cli: "git",
        guardrail: manifest.name,
        decision: "failed-closed",
      }),
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
