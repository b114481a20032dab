// Which CLIs this run covers: all, or the comma list in HOOKRAIL_CLIS.
import { CLI_NAMES, type CliName } from "./clis.ts";

export function selectedClis(): CliName[] {
  const raw = process.env.HOOKRAIL_CLIS?.trim();
  if (!raw) return [...CLI_NAMES];
  const wanted = raw.split(",").map((s) => s.trim());
  const unknown = wanted.filter((w) => !CLI_NAMES.includes(w as CliName));
  if (unknown.length)
    throw new Error(`HOOKRAIL_CLIS: unknown CLI ${unknown.join(", ")} (known: ${CLI_NAMES.join(", ")})`);
  return CLI_NAMES.filter((c) => wanted.includes(c));
}
