// A guardrail as a Copilot CLI hook file: hookrail-<name>.json + hookrail-<name>/<name>.cjs, to be copied as
// they are into a hooks folder: ~/.copilot/hooks/ (user) or <repo>/.github/hooks/ (project, also read by the
// cloud agent from the default branch). Copilot hook files have no tool matcher: the hook runs on every
// tool call and lets the kinds it does not guard through.
import {
  type CliPackaging,
  type GuardrailManifest,
  type HookLoaderAnswer,
  isGate,
  manifestJson,
  momentEvents,
  nativeEventName,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
} from "@hookrail/core";
import { copilotDialect } from "./dialect.ts";

/** The hook file's name, in the hooks folder. */
export const copilotHookFile = (manifest: GuardrailManifest) => `hookrail-${manifest.name}.json`;

/** Where the bundle sits, relative to the hooks folder. */
export const copilotBundlePath = (manifest: GuardrailManifest) => `hookrail-${manifest.name}/${manifest.bundle}`;

export function copilotHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const events = new Set<string>();
  for (const binding of manifest.bindings) {
    const event = nativeEventName(copilotDialect, binding.event);
    if (event) events.add(event);
  }
  for (const event of momentEvents(manifest, copilotDialect)) events.add(event);
  const hooks: Record<string, unknown[]> = {};
  const gate = isGate(manifest, options) ? nativeEventName(copilotDialect, "before-tool") : undefined;
  for (const event of events) {
    // The loader in front of the bundle: a gate's tool hook whose file has gone denies with the reason (Copilot
    // shows the model a deny JSON's reason; exit 2 or node's exit 1 block without it); other hooks say nothing.
    const answer: HookLoaderAnswer | undefined =
      event === gate
        ? {
            guardrail: manifest.name,
            blocking: true,
            deny: (reason) => ({ permissionDecision: "deny", permissionDecisionReason: reason }),
          }
        : undefined;
    // COPILOT_HOOK_DIR is the folder of the hook file (set for user and repo hook files); a runner that
    // does not set it runs hooks in the repository root, where the project's copy is.
    const bash = nodeHookCommand(`\${COPILOT_HOOK_DIR:-.github/hooks}/${copilotBundlePath(manifest)}`, answer, [event]);
    // On Windows Copilot runs the `powershell` command instead (PowerShell 5.1 syntax: no `??`); the exit
    // code is node's in both editions. The loader sits in single quotes, where PowerShell changes nothing.
    const powershell =
      `$d = $env:COPILOT_HOOK_DIR; if (-not $d) { $d = '.github/hooks' }; ` +
      `${nodeHookCommand(`$d/${copilotBundlePath(manifest)}`, answer, [event])}; exit $LASTEXITCODE`;
    hooks[event] = [{ type: "command", bash, powershell, timeoutSec: manifest.timeoutSeconds }];
  }
  return [{ path: copilotHookFile(manifest), content: manifestJson({ version: 1, hooks }) }];
}

export const copilotPackaging: CliPackaging = {
  cli: "copilot",
  files: copilotHookFiles,
  bundlePath: copilotBundlePath,
};
