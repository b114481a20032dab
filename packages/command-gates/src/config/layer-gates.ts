// The gates in force: the user file's list, then the project file's on top of it. The project file is committed
// and the agent can write it, so it may only tighten: add gates, add patterns to a gate, make a gate's approval
// "user", gate a gate's dry runs. Only the user file turns a gate off or changes its marker. An entry that is
// invalid is reported once, naming the file and the entry, and every valid entry still applies.
import type { Config, ConfigLayer } from "@hookrail/core";
import {
  type ApprovalMode,
  type CommandGate,
  type CommandGatesOptions,
  defaultMarker,
  type GateEntry,
  gateEntrySchema,
} from "../options.ts";
import { checkPattern } from "./patterns.ts";

const SECTION = "command-gates";

/** What layering keeps across entries and files. */
interface Layering {
  config: Config;
  gates: Map<string, CommandGate>;
  /** Gates the user file turned off (lower-cased names). */
  off: Set<string>;
}

/** Adds one note to the entry's single message. */
type Say = (what: string) => void;

/**
 * Every pattern written in any file's list, before any checking (no schema built): the gates in force only
 * ever hold patterns from these, so a line that could matter to none of them needs no layering at all.
 */
export function writtenPatterns(config: Config): { commands: string[] }[] {
  return config.layers.flatMap((layer) =>
    (layer.lists?.[SECTION] ?? []).flatMap((entry) => {
      const commands = (entry as { commands?: unknown } | null)?.commands;
      return Array.isArray(commands) ? [{ commands: commands.filter((c): c is string => typeof c === "string") }] : [];
    }),
  );
}

/** The gates for one hook call; each problem with an entry is added to `config.problems` once. */
export function commandGatesSettings(config: Config): CommandGatesOptions {
  return { gates: layerGates(config) };
}

function layerGates(config: Config): CommandGate[] {
  const state: Layering = { config, gates: new Map(), off: new Set() };
  for (const layer of config.layers) {
    const seen = new Set<string>();
    listOf(config, layer).forEach((raw, i) => {
      const name = (raw as { name?: unknown } | null)?.name;
      const entry = `entry ${i + 1}${typeof name === "string" ? ` (${JSON.stringify(name)})` : ""}`;
      // One message per entry, whatever is wrong with it.
      const notes: string[] = [];
      readEntry(raw, layer, seen, state, (what) => notes.push(what));
      if (notes.length > 0) config.problems.push(`hookrail: ${layer.file}: "${SECTION}" ${entry}: ${notes.join("; ")}`);
    });
  }
  return [...state.gates.values()];
}

function readEntry(raw: unknown, layer: ConfigLayer, seen: Set<string>, state: Layering, say: Say): void {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    say('a gate is an object ({ "name": …, "commands": […] }); ignored it');
    return;
  }
  const parsed = gateEntrySchema().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    say(`${issue?.path.join(".") || "the entry"}: ${issue?.message ?? "invalid"}; ignored it`);
    return;
  }
  const entry = parsed.data;
  const key = entry.name.toLowerCase();
  if (seen.has(key)) {
    say(`a second gate named "${entry.name}" in this file; ignored it`);
    return;
  }
  seen.add(key);
  if (layer.scope === "user") userEntry(entry, state, say);
  else if (!state.off.has(key)) projectEntry(entry, state, say);
}

function listOf(config: Config, layer: ConfigLayer): unknown[] {
  const list = layer.lists?.[SECTION];
  if (list) return list;
  if (layer.sections[SECTION] !== undefined) {
    config.problems.push(
      `hookrail: ${layer.file}: "${SECTION}" must be a list of gates ([{ "name": …, "commands": […] }]); ignored it`,
    );
  }
  return [];
}

function userEntry(entry: GateEntry, { gates, off }: Layering, say: Say): void {
  const key = entry.name.toLowerCase();
  if (entry.enabled === false) {
    off.add(key);
    gates.delete(key);
    return;
  }
  const gate = newGate(entry, patterns(entry.commands ?? [], say), say);
  if (gate) gates.set(key, gate);
}

function projectEntry(entry: GateEntry, { gates, config }: Layering, say: Say): void {
  const { userFile } = config;
  const key = entry.name.toLowerCase();
  const user = gates.get(key);
  if (entry.enabled === false) say(`"enabled": false ignored: only the user config can turn a gate off (${userFile})`);
  const added = patterns(entry.commands ?? [], say);
  if (!user) {
    const gate = newGate(entry, added, say);
    if (gate) gates.set(key, gate);
    return;
  }
  // The user's gate of that name: the project adds patterns, and may make its approval stricter.
  const merged: CommandGate = {
    ...user,
    commands: [...user.commands, ...added.filter((c) => !user.commands.includes(c))],
  };
  if (entry.marker && entry.marker !== user.marker) {
    say(
      `"marker": "${entry.marker}" ignored: only the user config changes the marker of a gate it defines (${userFile})`,
    );
  }
  if (entry.approval && entry.approval !== user.approval) {
    if (stricter(entry.approval)) merged.approval = entry.approval;
    else say(`"approval": "${entry.approval}" ignored: a project can only make a gate's approval "user" (${userFile})`);
  }
  if (entry.dryRuns === "gate") merged.dryRuns = "gate";
  else if (entry.dryRuns === "run" && user.dryRuns === "gate") {
    say(`"dryRuns": "run" ignored: only the user config lets a gate's dry runs and help run (${userFile})`);
  }
  if (entry.reason && !user.reason) merged.reason = entry.reason;
  gates.set(key, merged);
}

/** A gate an entry defines; undefined (and reported) when none of its patterns can be used. */
function newGate(entry: GateEntry, commands: string[], say: Say): CommandGate | undefined {
  if (commands.length === 0) {
    say(
      entry.commands?.length ? "no usable command pattern left, so the gate is ignored" : 'no "commands"; ignored it',
    );
    return undefined;
  }
  return {
    name: entry.name,
    commands,
    marker: entry.marker ?? defaultMarker(entry.name),
    ...(entry.reason ? { reason: entry.reason } : {}),
    approval: entry.approval ?? "marker",
    ...(entry.dryRuns === "gate" ? { dryRuns: "gate" as const } : {}),
  };
}

// marker < ask < user; "ask" falls back to the marker where a CLI cannot ask, so only "user" is surely stricter.
const stricter = (mode: ApprovalMode) => mode === "user";

/** The entry's usable patterns; each refused or never-matching one is reported. */
function patterns(raw: readonly string[], say: Say): string[] {
  const out: string[] = [];
  for (const text of raw) {
    const check = checkPattern(text);
    if ("refused" in check) say(`pattern "${text}" refused: ${check.refused}`);
    else {
      const pattern = "ok" in check ? check.ok : check.pattern;
      if ("warning" in check) say(`pattern "${text}" can never match: ${check.warning}`);
      if (!out.includes(pattern)) out.push(pattern);
    }
  }
  return out;
}
