// Captured CLI payloads: every JSON file under a folder that holds hook payloads.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface FixturePayload {
  /** file path relative to the folder, plus `#key` for Gemini's one-payload-per-tool files */
  name: string;
  payload: Record<string, unknown>;
}

const isPayload = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && typeof (value as Record<string, unknown>).hook_event_name === "string";

export function fixturePayloads(dir: string): FixturePayload[] {
  const found: FixturePayload[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!entry.endsWith(".json")) continue;
      const json: unknown = JSON.parse(readFileSync(path, "utf8"));
      const name = relative(dir, path);
      if (isPayload(json)) found.push({ name, payload: json });
      else if (typeof json === "object" && json !== null && !Array.isArray(json)) {
        for (const [key, value] of Object.entries(json))
          if (isPayload(value)) found.push({ name: `${name}#${key}`, payload: value });
      }
    }
  };
  walk(dir);
  return found;
}
