// A guardrail's hook groups in a file with a top-level "hooks" object (Codex's hooks.json, Gemini's
// settings.json): merged in without moving the user's groups (Codex's trust keys carry each group's
// position), and taken out again. Edits go through jsonc-parser.
import type { CodexGroup } from "./codex-trust.ts";
import { parseJsonc, removeJsonc, setJsonc } from "./jsonc.ts";

export type HookGroups = Record<string, CodexGroup[]>;

/** Groups whose command runs this guardrail's installed bundle. */
export const isHookrailGroup = (name: string) => (group: CodexGroup) =>
  Array.isArray(group?.hooks) &&
  group.hooks.some((h) => typeof h?.command === "string" && h.command.includes(`/hookrail/${name}/`));

export function hooksOf(text: string | null, file: string): HookGroups {
  const hooks = parseJsonc(text, file).hooks;
  return hooks && typeof hooks === "object" ? (hooks as HookGroups) : {};
}

/** hooks.json text with the guardrail's groups replaced in place (or appended), others untouched. */
export function mergeGroups(text: string | null, file: string, name: string, ours: HookGroups): string {
  const existing = hooksOf(text, file);
  let out = text ?? "";
  const isOurs = isHookrailGroup(name);
  for (const [event, groups] of Object.entries(ours)) {
    const list = existing[event] ?? [];
    const slots = list.flatMap((g, i) => (isOurs(g) ? [i] : []));
    if (!list.length) {
      out = setJsonc(out, ["hooks", event], groups);
      continue;
    }
    groups.forEach((group, k) => {
      out = setJsonc(out, ["hooks", event, slots[k] ?? -1], group);
    });
    for (const extra of slots.slice(groups.length).reverse()) out = setJsonc(out, ["hooks", event, extra], undefined);
  }
  for (const [event, list] of Object.entries(existing)) {
    if (event in ours) continue;
    list
      .flatMap((g, i) => (isOurs(g) ? [i] : []))
      .reverse()

      .forEach((i) => {
        out = removeJsonc(out, ["hooks", event, i], 1);
      });
  }
  return out;
}

/** hooks.json text without the guardrail's groups (and without events this left empty). */
export function removeGroups(text: string, file: string, name: string): string {
  let out = text;
  for (const [event, list] of Object.entries(hooksOf(text, file))) {
    const mine = list.flatMap((g, i) => (isHookrailGroup(name)(g) ? [i] : [])).reverse();
    for (const i of mine) out = removeJsonc(out, ["hooks", event, i], 0);
  }
  return out;
}
