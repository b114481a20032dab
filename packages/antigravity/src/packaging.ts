// A guardrail as agy hooks: hooks.json with one named hook, `hookrail-<g>`, mapping each event to its handlers
// (tool events: `{matcher, hooks: [handler]}` groups; the others: handlers directly; timeouts in whole seconds)
// + the bundle, copied by `hookrail install` to <customization root>/hookrail/<g>/ and set under its name in
// that root's hooks.json (user ~/.gemini/config, project <repo>/.agents). The shipped file is the project
// form: agy runs a workspace's hooks in the workspace root; the installer writes an absolute path for a user.
// The command passes the event's name, which agy's payloads lack.
import {
  type CliPackaging,
  type GuardrailManifest,
  type HookLoaderAnswer,
  isGate,
  manifestJson,
  momentEvents,
  nodeHookCommand,
  type PackageFile,
  type PackagingOptions,
  toolMatcher,
} from "@hookrail/core";
import { antigravityDialect, TOOL_EVENTS } from "./dialect.ts";

/** The name of a guardrail's hook in hooks.json (agy's top-level keys are hook names). */
export const antigravityHookName = (manifest: GuardrailManifest) => `hookrail-${manifest.name}`;

/** Where `hookrail install` puts a guardrail's folder, relative to the customization root. */
export const antigravityInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const antigravityBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped commands name the customization root (a workspace's): an install elsewhere replaces it. */
export const ANTIGRAVITY_PROJECT_BASE = ".agents";

export const antigravityHookCommand = (
  base: string,
  manifest: GuardrailManifest,
  event: string,
  answer?: HookLoaderAnswer,
) => nodeHookCommand(`${base}/${antigravityInstallDir(manifest)}/${antigravityBundlePath(manifest)}`, answer, [event]);

/**
 * What a hook answers when its file has gone (its loader's answer): a gate's PreToolUse denies with the reason;
 * another guardrail's allows, since agy holds a tool for review when PreToolUse answers nothing; the other events
 * say nothing (their answer is only logged).
 */
export function antigravityLoaderAnswer(
  manifest: GuardrailManifest,
  event: string,
  options?: PackagingOptions,
): HookLoaderAnswer | undefined {
  if (event !== "PreToolUse") return undefined;
  return isGate(manifest, options)
    ? { guardrail: manifest.name, blocking: true, deny: (reason) => ({ decision: "deny", reason }) }
    : { guardrail: manifest.name, blocking: false, neutral: { decision: "allow" } };
}

/**
 * The events a guardrail's bindings need: before a tool → PreToolUse (matched by tool name), the session's
 * start → PreInvocation (its first call), the end of a run → Stop. agy has no event for a prompt or a session's
 * end, and reads no answer from PostToolUse, so those bindings are left out.
 */
export function antigravityEvents(manifest: GuardrailManifest): { event: string; matcher?: string }[] {
  const out: { event: string; matcher?: string }[] = [];
  const kinds = manifest.bindings.filter((b) => b.event === "before-tool").flatMap((b) => b.tools ?? []);
  const matcher = toolMatcher(antigravityDialect, kinds);
  if (matcher) out.push({ event: "PreToolUse", matcher });
  if (manifest.bindings.some((b) => b.event === "session-start")) out.push({ event: "PreInvocation" });
  if (manifest.bindings.some((b) => b.event === "stop")) out.push({ event: "Stop" });
  for (const event of momentEvents(manifest, antigravityDialect))
    if (!out.some((e) => e.event === event)) out.push({ event });
  return out;
}

export function antigravityHookFiles(manifest: GuardrailManifest, options?: PackagingOptions): PackageFile[] {
  const hook: Record<string, unknown> = {};
  for (const { event, matcher } of antigravityEvents(manifest)) {
    const handler = {
      type: "command",
      command: antigravityHookCommand(
        ANTIGRAVITY_PROJECT_BASE,
        manifest,
        event,
        antigravityLoaderAnswer(manifest, event, options),
      ),
      timeout: manifest.timeoutSeconds,
    };
    hook[event] = TOOL_EVENTS.has(event) ? [{ matcher: matcher ?? "*", hooks: [handler] }] : [handler];
  }
  return [{ path: "hooks.json", content: manifestJson({ [antigravityHookName(manifest)]: hook }) }];
}

export const antigravityPackaging: CliPackaging = {
  cli: "antigravity",
  files: antigravityHookFiles,
  bundlePath: antigravityBundlePath,
};
