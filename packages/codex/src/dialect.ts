// Codex CLI's names for events and tools (measured on Codex 0.169.0).
import { type PayloadDialect, TOOL_USE_EVENTS } from "@hookrail/core";

export const codexDialect: PayloadDialect = {
  cli: "codex",
  events: TOOL_USE_EVENTS,
  // Shell calls arrive as "Bash" whatever the model called (exec_command, shell); patches as apply_patch.
  tools: { Bash: "shell", apply_patch: "file-edit" },
  // On Windows Codex runs shell commands in the user's shell, PowerShell (codex-rs shell detection).
  windowsShellDialects: { Bash: "powershell" },
  filePaths: (tool, input) => (tool === "apply_patch" ? patchFiles(input.command) : undefined),
};

/** The files an apply_patch text adds, updates, deletes or moves to. */
export function patchFiles(patch: unknown): string[] {
  if (typeof patch !== "string") return [];
  const files: string[] = [];
  for (const match of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    const file = (match[1] ?? match[2])?.trim();
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}
