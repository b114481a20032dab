// Small readers the per-CLI routes share: loose payload values and "is this a plan file" checks.
import { isAbsolute, relative, resolve } from "node:path";

export const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** An absolute path: relative ones are taken from the event's cwd, as the CLI does. */
export const absolute = (cwd: string, path: string): string => resolve(cwd || "/", path);

/** Whether `path` is a Markdown file somewhere under one of `dirs`. */
export function isPlanFile(path: string, dirs: readonly string[]): boolean {
  if (!path.toLowerCase().endsWith(".md")) return false;
  return dirs.some((dir) => {
    const rel = relative(dir, path);
    return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
  });
}
