// Kimi Code's config.toml as hookrail reads and edits it: its `[[hooks]]` entries, ours found by what their command
// runs (the scope's dispatcher; an older hookrail's, a guardrail's own bundle). Kimi validates the hooks section whole (one invalid entry switches every hook off, with only a
// warning on stderr), so what an edit leaves is checked against Kimi's schema before it is written.
import { join } from "node:path";
import { appendArrayTables, parseToml, removeArrayTables, UserError } from "@hookrail/install-kit";
import { type KimiHookEntry, kimiHooksIssues } from "../hook-entries.ts";
import { KIMI_DISPATCHER_FILE, kimiEntryLines } from "../packaging.ts";

export const kimiHome = (env: NodeJS.ProcessEnv, home: string) => env.KIMI_CODE_HOME || join(home, ".kimi-code");

/** What names hookrail's entries: the scope's dispatcher, which runs every guardrail installed there. */
export const KIMI_DISPATCHER_MARKER = `/hookrail/${KIMI_DISPATCHER_FILE}`;

/** What named a guardrail's own entries, which an older hookrail wrote (its bundle under Kimi's home folder). */
export const kimiOwnMarker = (guardrail: string) => `/hookrail/${guardrail}/${guardrail}.cjs`;

/** The `hooks` entries of a config, or undefined when the file is not TOML. */
export function kimiHooks(text: string | null, file: string): unknown[] | undefined {
  try {
    const hooks = parseToml(text, file).value.hooks;
    return Array.isArray(hooks) ? hooks : hooks === undefined ? [] : [hooks];
  } catch {
    return undefined;
  }
}

const runs = (marker: string) => (entry: unknown) =>
  typeof entry === "object" &&
  entry !== null &&
  String((entry as { command?: unknown }).command ?? "").includes(marker);

/** The scope's entries in a config (those that run the dispatcher). */
export const scopeEntries = (hooks: readonly unknown[]) => hooks.filter(runs(KIMI_DISPATCHER_MARKER));

/** A guardrail's own entries, written by an older hookrail. */
export const ownEntries = (hooks: readonly unknown[], guardrail: string) =>
  hooks.filter(runs(kimiOwnMarker(guardrail)));

/**
 * `text` with hookrail's `[[hooks]]` tables replaced by `entries` (none: removed), every other byte kept: the
 * dispatcher's, and the own entries of `guardrails` (an older hookrail's, which the dispatcher now runs for them).
 * Refused, with nothing changed, when the result is not TOML (hooks written as an inline array) or Kimi would
 * reject its hooks section: hookrail never leaves a config that switches Kimi's hooks off.
 */
export function withEntries(
  text: string | null,
  file: string,
  guardrails: readonly string[],
  entries: KimiHookEntry[],
): string {
  const removing = entries.length === 0;
  parseToml(text, file);
  let without = removeArrayTables(text ?? "", ["hooks"], KIMI_DISPATCHER_MARKER, file);
  for (const guardrail of guardrails) without = removeArrayTables(without, ["hooks"], kimiOwnMarker(guardrail), file);
  const out = appendArrayTables(without, ["hooks"], entries.map(kimiEntryLines));
  let hooks: unknown;
  try {
    hooks = parseToml(out, file).value.hooks;
  } catch {
    throw new UserError(
      `${file} holds its hooks in a form hookrail cannot add [[hooks]] tables to (an inline \`hooks = [...]\`); write them as [[hooks]] tables, then run again: nothing was changed`,
    );
  }
  // Removing ours never makes a user's invalid entry worse: an uninstall goes through.
  const issues = removing ? [] : kimiHooksIssues(hooks);
  if (issues.length)
    throw new UserError(
      `${file}: ${issues.join("; ")}. Kimi Code switches every hook off (hookrail's too) while one entry is invalid; fix it (\`kimi doctor config ${file}\` names it), then run again: nothing was changed`,
    );
  return out;
}
