// What is in a Cline hooks folder: hookrail's dispatchers (one file per event, named after it) and the guardrails
// in hookrail/<g>/ each with its cline.json. Reading only; cline.ts plans the changes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CLINE_SETTINGS_FILE, DISPATCHER_MARKER } from "@hookrail/cline";

/** Whether a hook file's text is hookrail's dispatcher (its marker on the second line). */
export const isDispatcher = (text: string | null): boolean =>
  text !== null && (text.split("\n", 2)[1] ?? "").startsWith(DISPATCHER_MARKER);

/** The hook files a guardrail's cline.json binds (none when it cannot be read). */
export function eventsOf(settingsFile: string): string[] {
  try {
    const settings = JSON.parse(readFileSync(settingsFile, "utf8")) as { events?: unknown };
    return settings.events && typeof settings.events === "object" ? Object.keys(settings.events) : [];
  } catch {
    return [];
  }
}

/** The guardrails installed in a hooks folder other than `except`, with the events each binds. */
export function otherGuardrails(hooksDir: string, except: string): { name: string; events: string[] }[] {
  const root = join(hooksDir, "hookrail");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => name !== except)
    .map((name) => ({ name, events: eventsOf(join(root, name, CLINE_SETTINGS_FILE)) }));
}
