// A guardrail's hook groups in a file with a top-level "hooks" object (Codex's hooks.json, Gemini's
// settings.json), or with the events at the top level (`root: []`, Droid's hooks.json): merged in without
// moving the user's groups (Codex's trust keys carry each group's position), and taken out again. Edits go
// through jsonc-parser.
import { getPath, type JsonPath, parseJsonc, removeJsonc, setJsonc } from "./jsonc.ts";

/** One handler of a hook group: the command the CLI runs (Codex's hooks.json names its fields). */
export interface HookHandler {
  type: string;
  command: string;
  /** What Codex runs instead on Windows (alias `command_windows`). */
  commandWindows?: string;
  command_windows?: string;
  timeout?: number;
  async?: boolean;
  statusMessage?: string;
}

/** A group of handlers for one event, with the tools it matches. */
export interface HookGroup {
  matcher?: string;
  hooks: HookHandler[];
}

export type HookGroups = Record<string, HookGroup[]>;

/** Groups whose command runs this guardrail's installed bundle (a path holding `marker`). */
export const isHookrailGroup =
  (name: string, marker = `/hookrail/${name}/`) =>
  (group: HookGroup) =>
    Array.isArray(group?.hooks) &&
    group.hooks.some((h) => typeof h?.command === "string" && h.command.includes(marker));

/** Where a file keeps its events: under "hooks", unless the file says otherwise. */
const HOOKS: JsonPath = ["hooks"];

export function hooksOf(text: string | null, file: string, root: JsonPath = HOOKS): HookGroups {
  const hooks = getPath(parseJsonc(text, file), root);
  if (!hooks || typeof hooks !== "object" || Array.isArray(hooks)) return {};
  // At the top level, only lists are events (Droid's hooks.json also holds `hooksDisabled`).
  return Object.fromEntries(Object.entries(hooks).filter(([, v]) => Array.isArray(v))) as HookGroups;
}

/** hooks.json text with the guardrail's groups replaced in place (or appended), others untouched. */
export function mergeGroups(
  text: string | null,
  file: string,
  name: string,
  ours: HookGroups,
  marker?: string,
  root: JsonPath = HOOKS,
): string {
  const existing = hooksOf(text, file, root);
  let out = text ?? "";
  const isOurs = isHookrailGroup(name, marker);
  for (const [event, groups] of Object.entries(ours)) {
    const list = existing[event] ?? [];
    const slots = list.flatMap((g, i) => (isOurs(g) ? [i] : []));
    if (!list.length) {
      out = setJsonc(out, [...root, event], groups);
      continue;
    }
    groups.forEach((group, k) => {
      out = setJsonc(out, [...root, event, slots[k] ?? -1], group);
    });
    for (const extra of slots.slice(groups.length).reverse()) out = setJsonc(out, [...root, event, extra], undefined);
  }
  for (const [event, list] of Object.entries(existing)) {
    if (event in ours) continue;
    list
      .flatMap((g, i) => (isOurs(g) ? [i] : []))
      .reverse()

      .forEach((i) => {
        out = removeJsonc(out, [...root, event, i], root.length);
      });
  }
  return out;
}

/** hooks.json text without the guardrail's groups (and without events this left empty). */
export function removeGroups(
  text: string,
  file: string,
  name: string,
  marker?: string,
  root: JsonPath = HOOKS,
): string {
  let out = text;
  for (const [event, list] of Object.entries(hooksOf(text, file, root))) {
    const mine = list.flatMap((g, i) => (isHookrailGroup(name, marker)(g) ? [i] : [])).reverse();
    for (const i of mine) out = removeJsonc(out, [...root, event, i], 0);
  }
  return out;
}
