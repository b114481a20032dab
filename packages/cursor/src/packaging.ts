// A guardrail as Cursor hooks: hooks.json (`{"version": 1, "hooks": {…}}`: per event a list of flat
// `{type, command, timeout, failClosed}` entries, timeouts in seconds) + the bundle, copied by `hookrail install`
// to <.cursor folder>/hookrail/<g>/ and merged into that folder's hooks.json (user ~/.cursor, project
// <repo>/.cursor, enterprise /etc/cursor). The shipped file is the project form: its command finds the bundle
// through CURSOR_PROJECT_DIR, which Cursor sets for every hook; the installer writes absolute paths elsewhere.
import {
  type BindingTool,
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
  toolMatcher,
} from "@hookrail/core";
import { cursorDialect, PERMISSION_EVENTS } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's folder, relative to the `.cursor` folder. */
export const cursorInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const cursorBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped commands name the `.cursor` folder (a project's): an install elsewhere replaces it. */
export const CURSOR_PROJECT_BASE = "$CURSOR_PROJECT_DIR/.cursor";

/** The command that runs a guardrail's bundle under a `.cursor` folder (quoted: a home may hold spaces). */
export const cursorHookCommand = (base: string, manifest: GuardrailManifest, answer?: HookLoaderAnswer) =>
  nodeHookCommand(`${base}/${cursorInstallDir(manifest)}/${cursorBundlePath(manifest)}`, answer);

/**
 * What a hook of a gate answers when its file has gone (its loader's answer; other guardrails' hooks say nothing):
 * a permission event denies with the reason, in both spellings Cursor reads; any other event answers its "no
 * objection" (a `failClosed` hook that prints nothing would block it).
 */
export function cursorLoaderAnswer(manifest: GuardrailManifest, event: string): HookLoaderAnswer {
  if (PERMISSION_EVENTS.has(event))
    return {
      guardrail: manifest.name,
      blocking: true,
      deny: (reason) => ({
        permission: "deny",
        user_message: reason,
        agent_message: reason,
        userMessage: reason,
        agentMessage: reason,
      }),
    };
  return {
    guardrail: manifest.name,
    blocking: false,
    neutral: event === "beforeSubmitPrompt" ? { continue: true } : {},
  };
}

/** One entry of a guardrail's hooks.json: the event and, for the tool hooks, the tool types it matches. */
export interface CursorHook {
  event: string;
  matcher?: string;
}

/**
 * The Cursor events a guardrail's bindings need, one entry each. A guardrail that guards only shell commands
 * uses beforeShellExecution (Cursor's own shell gate, which older cursor-agent builds run as their only hook);
 * one that also guards file tools, or pairs a call with its result, uses preToolUse/postToolUse matched to
 * its tool types (`Shell|Write|…`, alternation as Cursor's reference shows it), so one call runs it once and
 * before and after share the call's tool_use_id. A binding that watches MCP tools adds beforeMCPExecution, with
 * no matcher: the preToolUse matcher names only Cursor's own tools, so an MCP call runs the guardrail once.
 * afterFileEdit and afterShellExecution are never used: Cursor reads no answer from them.
 */
export function cursorEvents(manifest: GuardrailManifest): CursorHook[] {
  const hooks: CursorHook[] = [];
  const add = (event: string | undefined, kinds?: readonly BindingTool[]) => {
    if (!event) return;
    const matcher = kinds ? toolMatcher(cursorDialect, kinds) : undefined;
    // A binding for tool kinds Cursor does not have is left out (no matcher would run it on every tool).
    if (matcher === "") return;
    const same = hooks.find((h) => h.event === event);
    if (!same) hooks.push({ event, ...(matcher ? { matcher } : {}) });
    else if (matcher && same.matcher)
      same.matcher = [...new Set([...same.matcher.split("|"), ...matcher.split("|")])].join("|");
  };
  const toolBindings = manifest.bindings.filter((b) => b.event === "before-tool" || b.event === "after-tool");
  const shellOnly = toolBindings.every((b) => b.event === "before-tool" && (b.tools ?? []).every((t) => t === "shell"));
  for (const binding of manifest.bindings) {
    if (binding.event === "before-tool") {
      shellOnly
        ? add("beforeShellExecution")
        : add("preToolUse", binding.tools ?? ["shell", "file-write", "file-edit"]);
      // MCP calls: Cursor's own MCP gate, which every MCP call reaches (its matcher would be the tool's bare name).
      if (binding.tools?.includes("mcp")) add("beforeMCPExecution");
    } else if (binding.event === "after-tool")
      add("postToolUse", binding.tools ?? ["shell", "file-write", "file-edit"]);
    else add(nativeEventName(cursorDialect, binding.event));
  }
  for (const event of momentEvents(manifest, cursorDialect)) add(event);
  return hooks;
}

export function cursorHookFiles(manifest: GuardrailManifest, options: PackagingOptions = {}): PackageFile[] {
  const gate = isGate(manifest, options);
  const entry = (event: string, matcher: string | undefined) => ({
    type: "command",
    command: cursorHookCommand(CURSOR_PROJECT_BASE, manifest, gate ? cursorLoaderAnswer(manifest, event) : undefined),
    ...(matcher ? { matcher } : {}),
    timeout: manifest.timeoutSeconds,
    // A gate's hook that crashes, times out or answers nothing blocks instead of letting the action run.
    ...(options.failure === "closed" ? { failClosed: true } : {}),
  });
  const hooks = Object.fromEntries(
    cursorEvents(manifest).map(({ event, matcher }) => [event, [entry(event, matcher)]]),
  );
  return [{ path: "hooks.json", content: manifestJson({ version: 1, hooks }) }];
}

export const cursorPackaging: CliPackaging = {
  cli: "cursor",
  files: cursorHookFiles,
  bundlePath: cursorBundlePath,
};
