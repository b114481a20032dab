// A second install of a recorded guardrail beside hookrail's own (a CLI's plugin of the same name enabled
// with the CLI's own plugin command): a key of a settings object that starts with `prefix` (`merge-gate@`),
// is not skipped (`skip`: hookrail's own marketplaces) and is `true`. A relative file is the session's project's.
import { isAbsolute, join } from "node:path";

export interface TwinProbe {
  twin: { file: string; at: (string | number)[]; prefix: string; skip?: string };
  why: string;
}

/** The key of another enabled install, if there is one; `read` gives a JSON file's value (undefined: none). */
export function twinKey(probe: TwinProbe, cwd: string, read: (file: string) => unknown): string | undefined {
  const { file, at, prefix, skip } = probe.twin;
  let value = read(isAbsolute(file) ? file : join(cwd, file));
  for (const key of at) value = value && typeof value === "object" ? (value as never)[key] : undefined;
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const skipped = skip ? new RegExp(skip) : undefined;
  return Object.entries(value).find(([key, on]) => key.startsWith(prefix) && on === true && !skipped?.test(key))?.[0];
}
