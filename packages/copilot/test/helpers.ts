// The captured Copilot payloads: Copilot's own format (file name = event) and the Claude format.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./fixtures", import.meta.url));

export interface Captured {
  name: string;
  /** The event, as Copilot's hook file names it (Copilot format) or the payload does (Claude format). */
  event: string;
  payload: Record<string, unknown>;
}

export function captured(format: "copilot-format" | "claude-format"): Captured[] {
  const dir = join(root, format);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((name) => {
      const payload = JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown>;
      const event = format === "claude-format" ? String(payload.hook_event_name) : (name.split(/[-.]/)[0] ?? "");
      return { name, event, payload };
    });
}

export const fixture = (format: "copilot-format" | "claude-format", name: string): Record<string, unknown> => {
  const found = captured(format).find((c) => c.name === name);
  if (!found) throw new Error(`no fixture ${format}/${name}`);
  return found.payload;
};
