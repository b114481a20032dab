// The transcribed agy payloads: the file name starts with the event, as the hook command's argument names it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const fixtureDir = fileURLToPath(new URL("./fixtures", import.meta.url));

export interface Transcribed {
  name: string;
  event: string;
  payload: Record<string, unknown>;
}

export function transcribed(): Transcribed[] {
  return readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json") && f !== "sources.json")
    .sort()
    .map((name) => ({
      name,
      event: name.split(".")[0] ?? "",
      payload: JSON.parse(readFileSync(join(fixtureDir, name), "utf8")) as Record<string, unknown>,
    }));
}

export function fixture(name: string): Transcribed {
  const found = transcribed().find((t) => t.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
}
