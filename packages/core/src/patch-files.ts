// The apply_patch format (Codex's, which OpenCode and Kilo Code CLI also offer GPT models): the files a patch touches.

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
