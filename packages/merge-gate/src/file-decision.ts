// The merge gate's decision on a file tool's write (pure): a write to a protected place is the user's to make. Apart
// from the command decision (decide.ts) so that an edit's call sets up nothing of the shell analysis.
import { allow, type Decision, deny } from "@hookrail/core";
import { type ProtectedPaths, protectedAt } from "./analysis/protected-paths.ts";

export const TAMPER_RULE =
  "These files and commands decide whether hookrail's gates run (hook registrations, installed hooks, hookrail's " +
  "user config and state), so only the user changes them: do not retry or work around this.";

/**
 * A file tool's write: the absolute paths it writes (symlinks resolved too). It cannot carry the marker.
 * `harmless`: a write to a protected file that changes nothing that decides about hooks (facts.ts tells).
 */
export function fileWriteDecision(
  files: readonly string[],
  paths: ProtectedPaths,
  harmless: (file: string) => boolean = () => false,
): Decision {
  for (const file of files) {
    const hit = protectedAt(file, paths, false);
    if (!hit || harmless(file)) continue;
    return deny(
      `merge-gate: blocked. Writing ${hit.path} would change ${hit.what}.\n${TAMPER_RULE} ` +
        "Ask the user to make this change themselves (a file edit cannot carry the approval marker). " +
        "To loosen hookrail's settings, the user edits their own config (~/.config/hookrail/config.json); " +
        "the project's .hookrail/config.json can only add protection",
    );
  }
  return allow();
}

/** A file tool's edit of git's config that sets core.hooksPath or an include: the pre-push layer could be skipped. */
export function hooksPathDecision(path: string): Decision {
  return deny(
    `merge-gate: blocked. Writing ${path} would set git's core.hooksPath (or an include that may set it), which ` +
      "switches off the git pre-push hook that guards protected branches.\n" +
      `${TAMPER_RULE} Ask the user to make this change themselves (a file edit cannot carry the approval marker)`,
  );
}
