// Commands that would switch the gates off: writes to hookrail's config, state and installed hooks, or to
// the CLIs' hook registrations, and the CLI subcommands that remove or disable them. Approvable with the marker.
import { posix } from "node:path";
import { commandName, globToRegExp, type Invocation, type RunState } from "@hookrail/shell/engine";
import { expandBraces } from "./brace-words.ts";
import { type Ctx, record } from "./context.ts";
import { fileWriter, type Target } from "./file-writers.ts";
import { hookCliChange, mayChangeHooks } from "./hook-clis.ts";
import {
  globMayTouch,
  mentionsProtected,
  NO_PLACES,
  type ProtectedPaths,
  protectedAt,
  resolvePath,
} from "./protected-paths.ts";

interface TamperState {
  /** The folder `cd` moved to; null when it is known only at run time. */
  cwd: string | null | undefined;
  /** Whether each source analysed names a protected place. */
  mentions: Map<string, boolean>;
  mentioned: boolean;
}

// Per analysis run, without widening the shared run state.
const states = new WeakMap<RunState, TamperState>();

function stateOf(ctx: Ctx): TamperState {
  let s = states.get(ctx.state);
  if (!s) {
    s = { cwd: undefined, mentions: new Map(), mentioned: false };
    states.set(ctx.state, s);
  }
  return s;
}

/** Checks one simple command (and the redirections on it) for a change to a protected place. */
export function analyzeTamper(inv: Invocation, ctx: Ctx): void {
  const name = commandName(inv.args[0]);
  const writer = name ? fileWriter(name) : undefined;
  const cd = name === "cd" || name === "pushd";
  // Most commands write nothing and change no hooks: leave them before any work.
  if (!inv.writes && !writer && !cd && !(name && mayChangeHooks(name))) return;
  const state = stateOf(ctx);
  const base = ctx.facts.protectedPaths ?? NO_PLACES;
  const paths: ProtectedPaths = state.cwd ? { ...base, cwd: state.cwd } : base;
  for (const arg of inv.writes ?? []) check(ctx, inv, state, paths, { arg, ancestors: false });
  if (!name) return;
  if (cd) {
    followCd(inv, state, paths);
    return;
  }
  if (writer) {
    for (const target of writer(withBraces(inv))) check(ctx, inv, state, paths, target);
    if (inv.open && lineMentions(ctx, inv, state))
      flag(ctx, inv, "may change protected files named only at run time", "");
  }
  const change = hookCliChange(name, inv, (text) => mentionsProtected(text, paths));
  if (change) flag(ctx, inv, change, "");
}

const BRACES = /\{.*(?:,|\.\.).*\}/;

/** The words as bash passes them after brace expansion (`mv .claude{,.bak}` moves `.claude` to `.claude.bak`). */
function withBraces(inv: Invocation): Invocation {
  if (!inv.args.some((a) => a.value === null && BRACES.test(a.text))) return inv;
  const args = inv.args.flatMap((a) => {
    const words = a.value === null && BRACES.test(a.text) ? expandBraces(a.text) : undefined;
    return words ? words.map((w) => ({ ...a, value: /[$`]/.test(w) ? null : w, text: w })) : [a];
  });
  return { ...inv, args };
}

function check(ctx: Ctx, inv: Invocation, state: TamperState, paths: ProtectedPaths, target: Target): void {
  const { arg, ancestors } = target;
  // `mv .claude{,.bak}`: every word the braces make is changed.
  if (arg.value === null && BRACES.test(arg.text)) {
    const words = expandBraces(arg.text);
    if (words === undefined) {
      if (lineMentions(ctx, inv, state))
        flag(ctx, inv, "may change protected files named by a brace expansion", arg.text);
      return;
    }
    if (words.length > 1 || words[0] !== arg.text) {
      for (const word of words) {
        const known = !/[$`]/.test(word);
        check(ctx, inv, state, paths, { ...target, arg: { ...arg, value: known ? word : null, text: word } });
      }
      return;
    }
  }
  const text = arg.value ?? arg.text;
  const relative = !text.startsWith("/") && !text.startsWith("~") && !text.startsWith("$");
  const path = state.cwd === null && relative ? undefined : resolvePath(text, paths);
  if (path === undefined) {
    if (lineMentions(ctx, inv, state)) flag(ctx, inv, "may change a protected file named only at run time", arg.text);
    return;
  }
  if (arg.glob) {
    const prefix = path.slice(0, path.search(/[*?[]/));
    if (globMayTouch(globToRegExp(path), prefix, paths, ancestors))
      flag(ctx, inv, "may change protected files matching a pattern", path);
    return;
  }
  const hit = protectedAt(path, paths, ancestors);
  if (hit) {
    flag(ctx, inv, hit.what, hit.path);
    return;
  }
  for (const source of target.into ?? []) {
    const name = posix.basename(source.value ?? source.text);
    const inside = protectedAt(posix.join(path, name), paths, false);
    if (inside) flag(ctx, inv, inside.what, inside.path);
  }
}

function followCd(inv: Invocation, state: TamperState, paths: ProtectedPaths): void {
  const dir = inv.args.slice(1).find((a) => a.value !== "--" && !a.value?.startsWith("-"));
  if (!dir) state.cwd = paths.home || null;
  else state.cwd = dir.value === null || dir.value === "-" ? null : (resolvePath(dir.value, paths) ?? null);
}

/** Does the input this command came from name a protected place anywhere? */
function lineMentions(ctx: Ctx, inv: Invocation, state: TamperState): boolean {
  if (state.mentioned) return true;
  let found = state.mentions.get(inv.source);
  if (found === undefined) {
    found = mentionsProtected(inv.source, ctx.facts.protectedPaths ?? NO_PLACES);
    state.mentions.set(inv.source, found);
  }
  state.mentioned ||= found;
  return found;
}

function flag(ctx: Ctx, inv: Invocation, what: string, path: string): void {
  record(ctx, { kind: "tamper", what, path, command: inv.command, approved: inv.approved });
}
