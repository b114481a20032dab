// Installs a guardrail for Codex with the project's own installer, in-process: `hookrail install <g>
// --cli codex` (apps/cli) copies plugins/<g>/codex/ to $CODEX_HOME/hookrail/<g>/, merges its hooks
// into $CODEX_HOME/hooks.json and writes the trust tables it computes itself. The suite writes no
// trust of its own: it then asks the real binary (`codex app-server` hooks/list), and every Codex
// row has a cell requiring each hookrail hook to be listed as trusted: that proves the installer's
// trust hashes (an untrusted hook is skipped silently by Codex).
import path from "node:path";
import { Readable } from "node:stream";
import { apply } from "../../../apps/cli/src/install/apply.ts";
import { codexInstaller } from "../../../apps/cli/src/install/codex.ts";
import { installContext } from "../../../apps/cli/src/install/context.ts";
import { main } from "../../../apps/cli/src/main.ts";
import { guardrails } from "../../../apps/cli/src/registry.ts";
import { type ListedHook, listHooks } from "./codex-trust.ts";
import type { GuardrailSource, SetupStep } from "./types.ts";

/** `hookrail install <g> --cli codex`, called as the command would be, with this run's CODEX_HOME and HOME. */
async function hookrailInstall(src: GuardrailSource, env: Record<string, string>, cwd: string): Promise<SetupStep> {
  let stdout = "";
  let stderr = "";
  const argv = ["install", src.guardrail, "--cli", "codex"];
  const exitCode = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: { ...env, HOOKRAIL_PLUGINS_DIR: path.join(src.root, "plugins") },
    cwd,
  });
  return { cmd: `hookrail ${argv.join(" ")}`, exitCode, output: `${stdout}${stderr}`.trim() };
}

/**
 * A guardrail the command does not know (the harness's generated throwaway one) goes through the
 * same installer function that `hookrail install` calls, with the folder given directly.
 */
async function installerFunction(src: GuardrailSource, env: Record<string, string>, cwd: string): Promise<SetupStep> {
  const cmd = `codexInstaller.install(${src.guardrail}) from apps/cli/src/install/codex.ts`;
  try {
    const pluginsEnv = { ...env, HOOKRAIL_PLUGINS_DIR: path.join(src.root, "plugins") };
    const ctx = installContext(pluginsEnv, cwd, "user");
    // The stable copy is the source itself here: the harness's folder lives as long as the run.
    const changes = codexInstaller.install(src.guardrail, { ...ctx, bundles: { ...ctx.bundles, root: src.root } });
    await apply(changes, pluginsEnv);
    return {
      cmd,
      exitCode: 0,
      output: `installed; ${codexInstaller.status(src.guardrail, ctx).problems.length} problem(s)`,
    };
  } catch (e) {
    return { cmd, exitCode: 1, output: String(e) };
  }
}

const isHookrail = (h: ListedHook): boolean => /[\\/]hookrail[\\/]/.test(h.command ?? "");

/**
 * Installs each guardrail (one setup step per command; throws with the steps when one fails), then
 * returns what the real binary lists for the project: the run's cells check every hookrail hook is
 * trusted (see codexTrustCell), so a wrong trust hash fails that cell and the others still report.
 */
export async function installForCodex(
  srcs: readonly GuardrailSource[],
  codexBin: string,
  cwd: string,
  env: Record<string, string>,
  setup: SetupStep[],
): Promise<ListedHook[]> {
  if (!srcs.length) return [];
  for (const src of srcs) {
    const step =
      src.guardrail in guardrails ? await hookrailInstall(src, env, cwd) : await installerFunction(src, env, cwd);
    setup.push(step);
    if (step.exitCode !== 0) throw new Error(`${step.cmd} failed (exit ${step.exitCode}):\n${step.output}`);
  }
  const listed = await listHooks(codexBin, cwd, env);
  setup.push({
    cmd: "codex app-server hooks/list",
    exitCode: 0,
    output: listed.map((h) => `${h.trustStatus} ${h.key}`).join("\n"),
  });
  return listed.filter(isHookrail);
}
