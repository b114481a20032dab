// Codex CLI's names for events and tools (measured on Codex 0.169.0).
import { type PayloadDialect, patchFiles, TOOL_USE_EVENTS } from "@hookrail/core";

export const codexDialect: PayloadDialect = {
  cli: "codex",
  events: TOOL_USE_EVENTS,
  // Shell calls arrive as "Bash" whatever the model called (exec_command, shell); patches as apply_patch.
  tools: { Bash: "shell", apply_patch: "file-edit" },
  filePaths: (tool, input) => (tool === "apply_patch" ? patchFiles(input.command) : undefined),
};

export { patchFiles };
