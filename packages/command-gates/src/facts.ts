// What the command gates' decision reads: the shell command line, where it starts (for `cd` and `~`), and in
// approval mode user the approvals of the session's latest prompt (from the state store; reading only).
import { resolve } from "node:path";
import { type GuardrailContext, type HookEvent, HookrailError } from "@hookrail/core";
import { liveGrants } from "@hookrail/core/session-grants";
import { GATE_APPROVALS } from "./approval/user-approvals.ts";
import type { CommandGatesFacts } from "./decide.ts";

/**
 * The facts of a shell command (or of a tool we do not know that carries a command string); undefined for any
 * other tool. A shell call without a command cannot be read.
 */
export function gatherFacts(event: HookEvent, env: NodeJS.ProcessEnv): CommandGatesFacts | undefined {
  if (event.kind !== "before-tool") return undefined;
  const { tool } = event;
  const command = tool.kind === "shell" ? tool.command : tool.kind === "other" ? tool.input.command : undefined;
  if (tool.kind === "shell" && command === undefined)
    throw new HookrailError("input", "a shell call without a command");
  if (typeof command !== "string") return undefined;
  // Gemini runs a shell command in its dir_path (the tool's workdir); relative paths in it start there.
  return { line: command, cwd: resolve(event.cwd || "/", tool.workdir ?? "."), home: env.HOME || undefined };
}

/** Mode user: the gates the session's latest prompt approved, still unused and unexpired. */
export function grantedApprovals(context: GuardrailContext, sessionId: string | undefined): string[] {
  return sessionId ? liveGrants(GATE_APPROVALS, context, sessionId) : [];
}
