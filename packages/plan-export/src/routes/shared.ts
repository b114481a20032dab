// Small readers the per-CLI routes share: loose payload values and "is this a plan file" checks.
import { isAbsolute, relative, resolve } from "node:path";
import type { HookEvent } from "@hookrail/core";
import type { Signal } from "../types.ts";

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

/** A plan tool's call that carries the plan in its `plan` argument: the plan presented, before the user answers. */
export function presentedInCall(event: Extract<HookEvent, { kind: "before-tool" }>): Signal[] {
  const text = event.tool.kind === "plan-exit" ? asString(event.tool.input.plan) : undefined;
  return text === undefined ? [] : [{ kind: "plan-presented", paths: [], text }];
}
