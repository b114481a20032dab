// One short message about where plans went, for the user and the model. Pure.
import { isAbsolute, relative } from "node:path";
import { allow, type Decision } from "@hookrail/core";
import type { ExportResult } from "./types.ts";

/** Exports the model (and maybe the user) has not been told about yet. */
export interface PendingNotice {
  key: string;
  results: ExportResult[];
  /** The worktree they were exported from. */
  topLevel: string;
  userSeen: boolean;
}

export interface Announcement {
  decision: Decision;
  /** Notice keys the model has now been told. */
  delivered: string[];
  /** Set when the model could not be told on this event: to be told on the next event that reaches it. */
  queue: boolean;
}

const inside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return !rel.startsWith("..") && !isAbsolute(rel);
};

/** "plan-export: saved the accepted plan to docs/plans/accepted/….md": relative to `base` when inside it. */
export function exportsText(results: ExportResult[], base: string | undefined): string | undefined {
  const created = results.filter((r) => r.created);
  const shown = (path: string) => (base && inside(base, path) ? relative(base, path) : path);
  const [only] = created;
  if (!only) return undefined;
  if (created.length === 1) return `plan-export: saved the ${only.outcome} plan to ${shown(only.path)}`;
  return `plan-export: saved ${created.length} plans: ${created.map((r) => `${shown(r.path)} (${r.outcome})`).join(", ")}`;
}

export interface AnnounceInput {
  results: ExportResult[];
  /** The worktree this event's session works in, when known. */
  topLevel: string | undefined;
  cwd: string;
  notices: PendingNotice[];
  notesReachModel: boolean;
}

/** Plans that could not be written because the session's folder is gone, and what happens to them. */
export function heldText(results: ExportResult[]): string | undefined {
  const held = results.filter((r) => r.held);
  const [first] = held;
  if (!first) return undefined;
  const what = held.length === 1 ? `the ${first.outcome} plan was` : `${held.length} plans were`;
  return `plan-export: ${first.path} no longer exists, so ${what} not saved there (nor anywhere outside its repository); kept, and saved into its repository by the next session that starts there.`;
}

export function announce(input: AnnounceInput): Announcement {
  const fresh =
    [exportsText(input.results, input.topLevel), heldText(input.results)].filter(Boolean).join("\n") || undefined;
  if (!input.notesReachModel) {
    return fresh
      ? { decision: { type: "message", userMessage: fresh }, delivered: [], queue: true }
      : { decision: allow(), delivered: [], queue: false };
  }
  // Paths of earlier exports are relative only when this session works in the same worktree.
  const told = input.notices.map((n) => ({
    notice: n,
    text: exportsText(n.results, inside(n.topLevel, input.cwd) ? n.topLevel : undefined) ?? "",
  }));
  const context = [...told.map((t) => t.text), ...(fresh ? [fresh] : [])].filter(Boolean);
  if (!context.length) return { decision: allow(), delivered: [], queue: false };
  const forUser = [...told.filter((t) => !t.notice.userSeen).map((t) => t.text), ...(fresh ? [fresh] : [])];
  return {
    decision: forUser.length
      ? { type: "note", context: context.join("\n"), userMessage: forUser.join("\n") }
      : { type: "note", context: context.join("\n") },
    delivered: input.notices.map((n) => n.key),
    queue: false,
  };
}
