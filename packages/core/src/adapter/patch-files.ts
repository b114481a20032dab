// The files an apply_patch text names: the patch format Codex's apply_patch and Droid's ApplyPatch share.

/** The files a patch adds, updates, deletes or moves to, in order, once each. */
export function patchFiles(patch: unknown): string[] {
  if (typeof patch !== "string") return [];
  const files: string[] = [];
  for (const match of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    const file = (match[1] ?? match[2])?.trim();
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}
