// Antigravity CLI's (`agy`) names for events and tools, from published write-ups and captures of real agy builds
// (docs/cli-differences.md#antigravity-cli): built from the documentation, not yet run against the binary here.
// Payloads are camelCase (protojson) and do not name their event: the hook command passes it as its argument.
import type { PayloadDialect } from "@hookrail/core";
import { antigravityTitle } from "./places.ts";

/** The events hookrail reads (listed first per kind: packaging uses these). */
export const ANTIGRAVITY_EVENTS = {
  // Before each model call; its first (invocationNum 0) is the session's start (adapter.ts).
  PreInvocation: "session-start",
  PreToolUse: "before-tool",
  PostToolUse: "after-tool",
  Stop: "stop",
  // Reported by later builds (1.1.27, 1.2.6); hookrail does not bind it.
  SessionStart: "session-start",
} as const;

/** Every event agy's hooks.json accepts, with the entry shape it takes (tool events wrap handlers in groups). */
export const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse"]);
export const KNOWN_EVENTS: ReadonlySet<string> = new Set([...Object.keys(ANTIGRAVITY_EVENTS), "PostInvocation"]);

export const antigravityDialect: PayloadDialect = {
  cli: "antigravity",
  title: antigravityTitle,
  events: ANTIGRAVITY_EVENTS,
  // Tool names as `toolCall.name` spells them (the terminal shows the shell tool as "Bash").
  tools: {
    run_command: "shell",
    write_to_file: "file-write",
    replace_file_content: "file-edit",
    multi_replace_file_content: "file-edit",
  },
  // Tool arguments are PascalCase: the shell's folder is `Cwd`, a file tool's file `TargetFile`.
  workdir: (input) => (typeof input.Cwd === "string" && input.Cwd !== "" ? input.Cwd : undefined),
  filePaths: (_tool, input) =>
    typeof input.TargetFile === "string" && input.TargetFile !== "" ? [input.TargetFile] : [],
};
