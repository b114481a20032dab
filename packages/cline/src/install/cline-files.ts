// What is in a Cline hooks folder: hookrail's dispatchers (one file per event, named after it) and the guardrails
// in hookrail/<g>/ each with its cline.json. Reading only; cline.ts plans the changes.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { readText } from "@hookrail/install-kit";
import { DISPATCHER_MARKER } from "../dialect.ts";
import { CLINE_SETTINGS_FILE } from "../packaging.ts";

/** Whether a hook file's text is hookrail's dispatcher (its marker on the second line). */
export const isDispatcher = (text: string | null): boolean =>
  text !== null && (text.split("\n", 2)[1] ?? "").startsWith(DISPATCHER_MARKER);

/** The hook files a guardrail's cline.json binds (none when it cannot be read, or is absent). */
export function eventsOf(settingsFile: string, read: (file: string) => string | null = readText): string[] {
  try {
    const text = read(settingsFile);
    if (text === null) return [];
    const settings = JSON.parse(text) as { events?: unknown };
    return settings.events && typeof settings.events === "object" ? Object.keys(settings.events) : [];
  } catch {
    return [];
  }
}

/**
 * The guardrails installed in a hooks folder other than `except`, with the events each binds. `read` is the plan's
 * view of a file: a guardrail whose cline.json an earlier step of the same plan removed is gone already.
 */
export function otherGuardrails(
  hooksDir: string,
  except: string,
  read: (file: string) => string | null,
): { name: string; events: string[] }[] {
  const root = join(hooksDir, "hookrail");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => name !== except && read(join(root, name, CLINE_SETTINGS_FILE)) !== null)
    .map((name) => ({ name, events: eventsOf(join(root, name, CLINE_SETTINGS_FILE), read) }));
}
