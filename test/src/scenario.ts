// The CLI-neutral script a mock model follows: one tool call per turn, then a final text.
// Each mock turns a Step into its own API's native tool call (Bash / run_shell_command /
// exec_command; Write / write_file / apply_patch).

export type Step =
  /**
   * `tool: "powershell"`: Claude Code's PowerShell tool instead of Bash (the run needs a `pwsh` fake); Copilot's
   * `powershell` tool (not offered on Linux: the hooks see the call, the tool never runs); Pi's `powershell` tool
   * (`--tools +powershell`; on Linux it answers that it runs only on Windows, after the hooks). `tty`: Codex
   * starts it as an interactive session (exec_command's `tty`), which `stdin` steps type into.
   */
  | { kind: "shell"; command: string; tool?: "powershell"; tty?: boolean }
  /** Codex: types `chars` into the session the last `tty` shell step started (write_stdin). */
  | { kind: "stdin"; chars: string }
  /**
   * Copilot: one of its own tools, called by name with these arguments (`view`, `glob`, `write_bash`…); a relative
   * `path` is taken from the project directory (Copilot's file tools take absolute paths). Pi: any tool by name
   * (`codemode {code}`).
   */
  | { kind: "tool"; name: string; args: Record<string, unknown> }
  /**
   * A tool of the run's MCP server (src/mock/mcp-server.mjs, which the runner configures when a step asks for it),
   * called under the name the CLI offers it as.
   */
  | { kind: "mcp"; tool: string; args: Record<string, unknown> }
  /** Creates a new file; `path` is relative to the project directory. */
  /** `thinkMs`: the model waits that long after this call's result before its next call (chat-completions mock). */
  | { kind: "write"; path: string; content: string; thinkMs?: number }
  /**
   * Plan mode: writes the plan file where the CLI told the model to (Claude: the path in its plan-mode
   * instructions; Gemini: `<plans dir>/<name>`). A Write / write_file like any other.
   */
  | { kind: "plan-write"; name: string; content: string }
  /**
   * Claude: loads a deferred tool (`ToolSearch {"query":"select:ExitPlanMode"}`) before calling it; Codex: its
   * client-side tool_search, which loads MCP tools (0.171 offers them no other way).
   */
  | { kind: "tool-search"; query: string }
  /**
   * Plan mode: asks for approval (Claude `ExitPlanMode {}`, Gemini `exit_plan_mode {plan_filename}` of the last
   * plan-write; Qwen `exit_plan_mode {plan}` and Droid `ExitSpecMode {title, plan}` carry `plan` itself).
   */
  | { kind: "plan-exit"; plan?: string }
  /** Codex plan mode: the turn's answer is the plan in a `<proposed_plan>` block (no tool); the turn ends. */
  | { kind: "propose-plan"; content: string };

export interface Scenario {
  /** The user's prompt (what `-p` / `exec` gets). */
  prompt: string;
  steps: Step[];
  /** The model's answer once every step has been played. */
  finalText?: string;
  /**
   * Claude "clear context": what the model plays in the new session an approval starts (its first
   * message is "Implement the following plan: …"). Numbered after `steps` in the report.
   */
  afterClear?: Step[];
  /** Commands put first on PATH as logging stubs (default: `gh`), so whether they ran is a fact; `pwsh` is a recording PowerShell. */
  fakeCommands?: readonly string[];
  /** Environment the CLI runs with (e.g. CLAUDE_CODE_USE_POWERSHELL_TOOL=1). */
  env?: Readonly<Record<string, string>>;
}

export const DEFAULT_FINAL_TEXT = "Done.";

/** Every step the report accounts for: `steps`, then `afterClear`. */
export const allSteps = (s: Scenario): Step[] => [...s.steps, ...(s.afterClear ?? [])];

/** The `name` of the last plan-write at or before `index` (what an approval request points to). */
export function planNameBefore(steps: readonly Step[], index: number): string | undefined {
  for (let i = Math.min(index, steps.length - 1); i >= 0; i--) {
    const st = steps[i];
    if (st?.kind === "plan-write") return st.name;
  }
  return undefined;
}

/** Every string inside a JSON value except tool definitions, joined by newlines. */
export function collectText(value: unknown, skipKeys: ReadonlySet<string> = new Set(["tools"])): string {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) if (!skipKeys.has(k)) walk(x);
    }
  };
  walk(value);
  return out.join("\n");
}
