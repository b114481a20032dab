// The command gates run through the hook runtime with a real adapter, a user config file and a state folder.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Adapter, type HookAnswer, runHook } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { commandGates } from "../src/guardrail.ts";

export interface World {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Sends one event; `payload` is the CLI's own. */
  send(adapter: Adapter, payload: Record<string, unknown>, args?: string[]): Promise<HookAnswer>;
}

/**
 * A project folder (a git checkout) and the user's config holding `gates` (and `extra` keys), optionally a
 * project config.
 */
export function world(gates: unknown, project?: unknown, extra: Record<string, unknown> = {}): World {
  const root = tempDir("hookrail-gates-");
  const dir = join(root, "project");
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(root, "config.json"), JSON.stringify({ ...extra, "command-gates": gates }));
  if (project !== undefined) {
    mkdirSync(join(dir, ".hookrail"));
    writeFileSync(join(dir, ".hookrail", "config.json"), JSON.stringify(project));
  }
  const env = { HOME: root, HOOKRAIL_CONFIG: join(root, "config.json"), HOOKRAIL_STATE_DIR: join(root, "state") };
  return {
    dir,
    env,
    send: (adapter, payload, args = []) =>
      runHook({ guardrail: commandGates, adapter, stdin: JSON.stringify(payload), env, args, cwd: dir }),
  };
}

/** A shell call as each CLI sends it (Copilot: its own format, with the event name as the hook's argument). */
export function shell(cli: string, command: string, cwd: string): { payload: Record<string, unknown>; args: string[] } {
  if (cli === "copilot") {
    const payload = { sessionId: "s1", timestamp: 1, cwd, toolName: "bash", toolArgs: { command } };
    return { payload, args: ["preToolUse"] };
  }
  const [event, tool] = cli === "gemini" ? ["BeforeTool", "run_shell_command"] : ["PreToolUse", "Bash"];
  const extra = cli === "gemini" ? { timestamp: "2026-01-01T00:00:00Z" } : { permission_mode: "default" };
  const payload = { session_id: "s1", transcript_path: "/t", cwd, hook_event_name: event, tool_name: tool, ...extra };
  return { payload: { ...payload, tool_input: { command } }, args: [] };
}

/** A call of a tool the CLI's adapter does not name (an MCP server's), or of its PowerShell tool, in Claude Code. */
export function claudeTool(name: string, input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  return {
    session_id: "s1",
    transcript_path: "/t",
    cwd,
    hook_event_name: "PreToolUse",
    permission_mode: "default",
    tool_name: name,
    tool_input: input,
  };
}

/** The user's prompt as each CLI sends it. */
export function prompt(cli: string, text: string, cwd: string): { payload: Record<string, unknown>; args: string[] } {
  if (cli === "copilot")
    return { payload: { sessionId: "s1", timestamp: 1, cwd, prompt: text }, args: ["userPromptSubmitted"] };
  const event = cli === "gemini" ? "BeforeAgent" : "UserPromptSubmit";
  const extra = cli === "gemini" ? { timestamp: "2026-01-01T00:00:00Z" } : { permission_mode: "default" };
  return {
    payload: { session_id: "s1", transcript_path: "/t", cwd, hook_event_name: event, prompt: text, ...extra },
    args: [],
  };
}
