// Installs a guardrail for Codex as a user does: the packed `hookrail install <g> --cli codex` copies
// plugins/<g>/codex/ to $CODEX_HOME/hookrail/<g>/, merges its hooks into $CODEX_HOME/hooks.json and
// writes the trust tables it computes itself. The suite writes no trust of its own: it then asks the
// real binary (`codex app-server` hooks/list), and every Codex row has a cell requiring each hookrail
// hook to be listed as trusted: that proves the installer's trust hashes (an untrusted hook is
// skipped silently by Codex).
import path from "node:path";
import { codexInstaller, type ListedHook, listHooks } from "@hookrail/codex/install";
import { execa } from "execa";
import { apply, installContext } from "hookrail/testing";
import { inject } from "vitest";
import { packedCarries } from "./hookrail-install.ts";
import type { GuardrailSource, SetupStep } from "./types.ts";

/** The packed `hookrail <action> <g> --cli codex`, with this run's CODEX_HOME and HOME. */
async function packedHookrail(
  action: "install" | "uninstall",
  src: GuardrailSource,
  env: Record<string, string>,
  cwd: string,
): Promise<SetupStep> {
  const argv = [action, src.guardrail, "--cli", "codex"];
  const r = await execa(inject("hookrailBin"), argv, {
    env,
    extendEnv: false,
    cwd,
    reject: false,
    stdin: "ignore",
    all: true,
  });
  return { cmd: `hookrail ${argv.join(" ")}`, exitCode: r.exitCode ?? null, output: (r.all ?? "").trim() };
}

/**
 * A guardrail the command does not know (the harness's generated throwaway one) goes through the
 * same installer function that `hookrail install` calls, with the folder given directly.
 */
async function installerFunction(src: GuardrailSource, env: Record<string, string>, cwd: string): Promise<SetupStep> {
  const cmd = `codexInstaller.install(${src.guardrail}) from packages/codex/src/install/codex.ts`;
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
  uninstallFirst = false,
): Promise<ListedHook[]> {
  if (!srcs.length) return [];
  for (const src of srcs) {
    const steps = packedCarries(src)
      ? [
          await packedHookrail("install", src, env, cwd),
          ...(uninstallFirst ? [await packedHookrail("uninstall", src, env, cwd)] : []),
        ]
      : [await installerFunction(src, env, cwd)];
    for (const step of steps) {
      setup.push(step);
      if (step.exitCode !== 0) throw new Error(`${step.cmd} failed (exit ${step.exitCode}):\n${step.output}`);
    }
  }
  const listed = await listHooks(codexBin, cwd, env);
  setup.push({
    cmd: "codex app-server hooks/list",
    exitCode: 0,
    output: listed.map((h) => `${h.trustStatus} ${h.key}`).join("\n"),
  });
  return listed.filter(isHookrail);
}
