// What the command gates' decision reads: the command line a tool call runs (tool-command.ts), its language,
// where it starts (for `cd` and `~`), the config's wrappers, and in approval mode user the approvals of the
// session's latest prompt (from the state store; reading only).
import { resolve } from "node:path";
import { type GuardrailContext, type HookEvent, HookrailError } from "@hookrail/core";
import { liveGrants } from "@hookrail/core/session-grants";
import { GATE_APPROVALS } from "./approval/user-approvals.ts";
import type { CommandGatesFacts } from "./decide.ts";
import { toolCommand } from "./tool-command.ts";

/**
 * The facts of a shell command (or of a tool we do not know that carries a command); undefined for any other
 * tool. A shell call without a command cannot be read. `wrappers`: the config's.
 */
export function gatherFacts(
  event: HookEvent,
  env: NodeJS.ProcessEnv,
  wrappers?: readonly string[],
): CommandGatesFacts | undefined {
  if (event.kind !== "before-tool") return undefined;
  const { tool } = event;
  if (tool.kind === "shell" && tool.command === undefined)
    throw new HookrailError("input", "a shell call without a command");
  const command = toolCommand(tool);
  if (!command) return undefined;
  return {
    line: command.line,
    // Gemini runs a shell command in its dir_path (the tool's workdir); relative paths in it start there.
    cwd: resolve(event.cwd || "/", command.workdir ?? "."),
    home: env.HOME || undefined,
    ...(command.dialect ? { dialect: command.dialect } : {}),
    ...(wrappers?.length ? { wrappers } : {}),
  };
}

/** Mode user: the gates the session's latest prompt approved, still unused and unexpired. */
export function grantedApprovals(context: GuardrailContext, sessionId: string | undefined): string[] {
  return sessionId ? liveGrants(GATE_APPROVALS, context, sessionId) : [];
}
