// A guardrail's entries in a Cursor hooks.json (`{"version": 1, "hooks": {"<event>": [{command, …}]}}`):
// merged in without moving the user's entries (ours replace ours in place, else go last) and taken out again.
// Ours are the entries whose command runs the guardrail's installed folder. Edits go through jsonc-parser.
import { parseJsonc, removeJsonc, setJsonc } from "./jsonc.ts";

export type FlatHooks = Record<string, Record<string, unknown>[]>;

/** The `hooks` object of the file (empty when it has none). */
export function flatHooksOf(text: string | null, file: string): FlatHooks {
  const hooks = parseJsonc(text, file).hooks;
  return hooks && typeof hooks === "object" && !Array.isArray(hooks) ? (hooks as FlatHooks) : {};
}

/** An entry that runs the folder `marker` names (its path, ending in "/"). */
export const runsFolder =
  (marker: string) =>
  (entry: unknown): boolean => {
    const command = (entry as { command?: unknown } | null)?.command;
    return typeof command === "string" && command.includes(marker);
  };

const indexes = (list: unknown, mine: (e: unknown) => boolean) =>
  Array.isArray(list) ? list.flatMap((e, i) => (mine(e) ? [i] : [])) : [];

/** The file's text with the guardrail's entries set to `ours`, everything else as it was. */
export function mergeFlatHooks(text: string | null, file: string, ours: FlatHooks, marker: string): string {
  const existing = flatHooksOf(text, file);
  const mine = runsFolder(marker);
  let out = text ?? "";
  if (parseJsonc(out, file).version === undefined) out = setJsonc(out, ["version"], 1);
  for (const [event, entries] of Object.entries(ours)) {
    const list = existing[event];
    if (!Array.isArray(list)) {
      out = setJsonc(out, ["hooks", event], entries);
      continue;
    }
    const slots = indexes(list, mine);
    entries.forEach((entry, k) => {
      out = setJsonc(out, ["hooks", event, slots[k] ?? -1], entry);
    });
    for (const extra of slots.slice(entries.length).reverse()) out = setJsonc(out, ["hooks", event, extra], undefined);
  }
  for (const [event, list] of Object.entries(existing)) {
    if (event in ours) continue;
    for (const i of indexes(list, mine).reverse()) out = removeJsonc(out, ["hooks", event, i], 1);
  }
  return out;
}

/** The file's text without the guardrail's entries (and without events this left empty). */
export function removeFlatHooks(text: string, file: string, marker: string): string {
  let out = text;
  for (const [event, list] of Object.entries(flatHooksOf(text, file)))
    for (const i of indexes(list, runsFolder(marker)).reverse()) out = removeJsonc(out, ["hooks", event, i], 1);
  return out;
}
