// The forms a CLI's managed (system) file takes: a JSON drop-in of our own (the whole file is the guardrail's),
// a JSON settings file or a TOML file shared with the administrator (the guardrail's groups merged in and taken
// out again, the administrator's own keys and comments kept).
import { type HookGroups, mergeGroups, removeGroups } from "./hook-groups.ts";
import { getPath, type JsonPath, parseJsonc, setJsonc } from "./jsonc.ts";
import { appendArrayTables, parseToml, removeArrayTables, setKey } from "./toml.ts";
import type { Problem } from "./types.ts";

export type ManagedFormat = "drop-in-json" | "merged-json" | "merged-toml";

/** A key set in a shared managed file (TOML: the last step is the key, the others its table). */
export interface ManagedPin {
  path: string[];
  value: string | boolean;
  /** What status reports when the file no longer holds the value (none: not checked). */
  unpinned?: (file: string) => Problem;
}

/** The file's text before, and the guardrail's groups (running the managed copy, whose folder is `marker`). */
export interface ManagedWrite {
  before: string | null;
  file: string;
  guardrail: string;
  hooks: HookGroups;
  marker: string;
}

/** The TOML tables of the groups: one [[hooks.<Event>]] table per group, its handlers inline. */
function tomlTables(hooks: HookGroups): { event: string; body: string[] }[] {
  return Object.entries(hooks).flatMap(([event, groups]) =>
    groups.map((group) => ({
      event,
      body: [
        ...(group.matcher !== undefined ? [`matcher = ${JSON.stringify(group.matcher)}`] : []),
        `hooks = [${group.hooks
          .map(
            (h) =>
              `{ type = ${JSON.stringify(h.type)}, command = ${JSON.stringify(h.command)}${h.commandWindows ? `, commandWindows = ${JSON.stringify(h.commandWindows)}` : ""}${h.timeout ? `, timeout = ${h.timeout}` : ""} }`,
          )
          .join(", ")}]`,
      ],
    })),
  );
}

/** The file with the guardrail's groups in it and the pins set. */
export function writtenText(format: ManagedFormat, w: ManagedWrite, pins: ManagedPin[]): string {
  if (format === "drop-in-json") return `${JSON.stringify({ hooks: w.hooks }, null, 2)}\n`;
  if (format === "merged-json") {
    let text = mergeGroups(w.before, w.file, w.guardrail, w.hooks, w.marker);
    for (const pin of pins) text = setJsonc(text, pin.path, pin.value);
    return text;
  }
  let text = removeArrayTables(w.before ?? "", ["hooks"], w.marker, w.file);
  for (const { path, value } of pins) text = setKey(text, path.slice(0, -1), path.at(-1) ?? "", value, w.file);
  for (const { event, body } of tomlTables(w.hooks)) text = appendArrayTables(text, ["hooks", event], [body]);
  return text;
}

/** The file without the guardrail's groups (a drop-in goes whole). */
export function removedText(
  format: ManagedFormat,
  before: string,
  file: string,
  guardrail: string,
  marker: string,
): string | null {
  if (format === "drop-in-json") return null;
  if (format === "merged-json") return removeGroups(before, file, guardrail, marker);
  return removeArrayTables(before, ["hooks"], marker, file);
}

/** The value at a path (a pin's) in the file's text. */
export function pinnedValue(format: ManagedFormat, text: string, file: string, path: JsonPath): unknown {
  return getPath(format === "merged-toml" ? parseToml(text, file).value : parseJsonc(text, file), path);
}
