// The CLI-neutral script a mock model follows: one tool call per turn, then a final text.
// Each mock turns a Step into its own API's native tool call (Bash / run_shell_command /
// exec_command; Write / write_file / apply_patch).

export type Step =
  | { kind: "shell"; command: string }
  /** Creates a new file; `path` is relative to the project directory. */
  | { kind: "write"; path: string; content: string };

export interface Scenario {
  /** The user's prompt (what `-p` / `exec` gets). */
  prompt: string;
  steps: Step[];
  /** The model's answer once every step has been played. */
  finalText?: string;
}

export const DEFAULT_FINAL_TEXT = "Done.";

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
