// A project's .codex/hooks.json runs the guardrail's folder in <repo>/.codex/hookrail/<g>/: the shipped groups
// (their events, matchers and timeouts), each handler's commands made by the packaging's own codexHandler for
// the project's folder, so the bytes (and with them Codex's trust hash) are what the build would write for it.
import type { HookGroups, HookHandler } from "@hookrail/install-kit";
import { CODEX_DIRS, codexHandler } from "../packaging.ts";

/** A gate's tool hook: its loader blocks when the bundle has gone (the shipped command sets exit code 2). */
const blocks = (handler: HookHandler) => handler.command.includes("process.exitCode=2");

export function codexProjectHooks(shipped: HookGroups, guardrail: string): HookGroups {
  const file = `hookrail/${guardrail}/${guardrail}.cjs`;
  const handler = (h: HookHandler): HookHandler => {
    const answer = blocks(h) ? { guardrail, blocking: true } : undefined;
    const { command, commandWindows } = codexHandler(file, h.timeout ?? 0, CODEX_DIRS.project, answer);
    return { ...h, command, commandWindows };
  };
  return Object.fromEntries(
    Object.entries(shipped).map(([event, groups]) => [
      event,
      groups.map((group) => ({ ...group, hooks: group.hooks.map(handler) })),
    ]),
  );
}
