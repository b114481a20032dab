// The guardrails of a scope whose install runs them from one dispatcher (Kimi Code's, Auggie's): each is a folder
// beside the dispatcher holding its settings file (core's ScopeSettings), which is what says it is installed there.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ScopeSettings } from "@hookrail/core";
import { readText } from "./files.ts";

/** A settings file's text as a guardrail's settings, or undefined when it is not one. */
export function parseScopeSettings<S extends ScopeSettings<ScopeSettings["bindings"][number]>>(
  text: string | null,
): S | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as S;
    return value && typeof value.guardrail === "string" && Array.isArray(value.bindings) ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface ScopeFolders {
  /** The folder that holds the guardrails' folders and the dispatcher. */
  root: string;
  /** The settings file's name in each guardrail's folder. */
  settingsFile: string;
  /** This hookrail's settings file for a guardrail (its shipped folder's), whether or not it ships one. */
  shipped: (guardrail: string) => string;
  /** Every guardrail this hookrail ships. */
  guardrails: readonly string[];
  /** A file's text as the plan so far leaves it. */
  read: (file: string) => string | null;
}

/** What this hookrail ships as `guardrail`'s settings; an error when it ships none that can be read. */
export function shippedScopeSettings<S extends ScopeSettings>(at: ScopeFolders, guardrail: string): S {
  const file = at.shipped(guardrail);
  const settings = parseScopeSettings<S>(readText(file));
  if (!settings) throw new Error(`${file} holds no guardrail's settings`);
  return settings;
}

/**
 * The guardrails installed in the scope as the plan so far leaves it, `guardrail` left out: every folder with a
 * settings file (written and removed as a file of its own, so that the plans of several guardrails in one run see
 * each other), among the folders there and those this hookrail ships, each under its guardrail's name. One that
 * cannot be read stands for what this hookrail ships under its name, so a damaged file never drops a gate's entries.
 */
export function othersInScope<S extends ScopeSettings>(at: ScopeFolders, guardrail: string): S[] {
  const names = new Set(existsSync(at.root) ? readdirSync(at.root) : []);
  for (const name of at.guardrails) if (existsSync(at.shipped(name))) names.add(name);
  return [...names]
    .sort()
    .filter((name) => name !== guardrail)
    .flatMap((name) => {
      const text = at.read(join(at.root, name, at.settingsFile));
      if (text === null) return [];
      const settings = parseScopeSettings<S>(text);
      // A folder is its guardrail's install only under that guardrail's name (not a copy set aside while one is
      // replaced, `<g>.hookrail-undo-…`).
      if (settings) return settings.guardrail === name ? [settings] : [];
      return existsSync(at.shipped(name)) ? [shippedScopeSettings<S>(at, name)] : [];
    });
}
