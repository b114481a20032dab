// Runs a parsed script the way bash would, as far as the gate follows it: every simple command is visited
// (in lists, pipelines, compound bodies, functions, substitutions, here-docs) in the worlds it may run in,
// and the commands that change those worlds (cd, assignments, git checkout…) change them for what follows.
import type { Command, ParsedScript, SyntaxNode, Word } from "unbash";
import { approvedByPrefix } from "./approval.ts";
import type { Invocation, Rules, Stdin } from "./context.ts";
import { forEachChild } from "./parse-shell.ts";
import { positionalOf, positionalVars, restorePositional, splicedAll, withPositional } from "./positional.ts";
import { readsVariables, resolveWord } from "./resolve-words.ts";
import { cannotFail, shellBuiltin } from "./shell-state.ts";
import { type Arg, argFromAssignment, argFromWord, literalArg } from "./shell-words.ts";
import { type Feed, isWrite, readsStdin, stdinOf, writtenFiles } from "./stdin-source.ts";
import { distinct, keepShell, type ShellVar, type World, worldsKey } from "./world.ts";
import { forgetWrites, recordWrites } from "./written-files.ts";

/** What the walk needs from the analysis: the rules, the shared worlds, and the analyser of one command. */
export interface Walker {
  rules: Rules;
  flow: { worlds: World[] };
  onCommand(inv: Invocation): void;
  /** The line's walk budget, shared by every script in it (RunState.steps). */
  budget: { steps: number };
}

// Loops run their bodies once per value or round, and nested ones multiply: a line whose walk takes more steps
// than this (thousands of times what real command lines take) is too complex to follow, and a line that cannot
// be followed is blocked. Without the cap a few dozen nested loops would run the analysis for hours, past the
// hook's deadline, and a CLI runs the tool when its hook times out.
export const MAX_WALK_STEPS = 50_000;

/** Thrown when a line's walk runs out of steps (analyze-line.ts reports the line as unprovable). */
export class WalkBudgetExceeded extends Error {
  constructor() {
    super("the line branches too much to follow");
    this.name = "WalkBudgetExceeded";
  }
}

/** Worlds where the node succeeded, and where it failed. */
interface Outcome {
  ok: World[];
  fail: World[];
}

// Loop bodies are followed this many rounds; function calls this deep.
const LOOP_ROUNDS = 3;
const MAX_CALLS = 4;

/** Visits each simple command in flow order; returns whether any (nested) script had syntax errors. */
export function walkScript(script: ParsedScript, source: string, walker: Walker, input: Feed | undefined): boolean {
  let errors = false;
  let calls = 0;
  const { rules, flow } = walker;
  const both = (w: World[]): Outcome => ({ ok: w, fail: w });
  const union = (...sets: World[][]) => distinct(sets.flat(), rules.domain);

  /** A subshell: the shell's state of each world comes back when it ends; the repositories' stays. */
  const subshell = (worlds: World[], body: (ws: World[]) => World[]): World[] =>
    union(...worlds.map((w) => body([w]).map((end) => keepShell(w, end))));

  /** Substitutions inside a node (words, redirects, here-doc bodies) run in subshells, before the node itself. */
  const expansions = (node: SyntaxNode, worlds: World[], src: string, feed: Feed | undefined): World[] => {
    let out = worlds;
    const visit = (n: SyntaxNode): void => {
      if (n.type === "Script") out = subshell(out, (ws) => ends(run(n, ws, src, undefined)));
      else forEachChild(n, visit);
    };
    if (node.type === "Script") visit(node);
    else forEachChild(node, visit);
    void feed;
    return out;
  };

  const ends = (o: Outcome): World[] => union(o.ok, o.fail);

  const list = (statements: readonly SyntaxNode[], worlds: World[], src: string, feed: Feed | undefined): Outcome => {
    let last: Outcome = { ok: worlds, fail: worlds };
    let cur = worlds;
    for (const s of statements) {
      last = run(s, cur, src, feed);
      cur = ends(last);
    }
    return last;
  };

  const loop = (worlds: World[], round: (ws: World[]) => { exits: World[]; next: World[] }): Outcome => {
    let cur = worlds;
    let exits: World[] = [];
    for (let i = 0; i < LOOP_ROUNDS; i++) {
      const r = round(cur);
      exits = union(exits, r.exits);
      const next = union(cur, r.next);
      if (worldsKey(next, rules.domain) === worldsKey(cur, rules.domain)) break;
      cur = next;
    }
    return both(union(exits, cur));
  };

  const run = (node: SyntaxNode, worlds: World[], src: string, feed: Feed | undefined): Outcome => {
    if (++walker.budget.steps > MAX_WALK_STEPS) throw new WalkBudgetExceeded();
    switch (node.type) {
      case "Script":
        if (node.source !== undefined) src = node.source;
        if ((node as ParsedScript).errors?.length) errors = true;
        return list(node.commands, worlds, src, feed);
      case "CompoundList":
        return list(node.commands, worlds, src, feed);
      case "Statement": {
        if (!node.background) return run(node.command, worlds, src, feed);
        // In the background: it may or may not have run by the time the next command does.
        const after = subshell(worlds, (ws) => ends(run(node.command, ws, src, feed)));
        return both(union(worlds, after));
      }
      case "AndOr": {
        let o = run(node.commands[0] as SyntaxNode, worlds, src, feed);
        node.operators.forEach((op, i) => {
          const next = node.commands[i + 1] as SyntaxNode;
          if (op === "&&") {
            const r = run(next, o.ok, src, feed);
            o = { ok: r.ok, fail: union(o.fail, r.fail) };
          } else {
            const r = run(next, o.fail, src, feed);
            o = { ok: union(o.ok, r.ok), fail: r.fail };
          }
        });
        return o;
      }
      case "Pipeline": {
        // Each element runs in a subshell and reads what the one before it prints.
        let cur = worlds;
        let elementFeed = feed;
        node.commands.forEach((element, i) => {
          const before = node.commands[i - 1];
          if (before) elementFeed = { kind: "command", node: before, source: src, upstream: elementFeed };
          const f = elementFeed;
          cur = union(
            cur,
            subshell(cur, (ws) => ends(run(element, ws, src, f))),
          );
        });
        return both(cur);
      }
      case "Redirected": {
        // `{ bash; } <<<'…'`: the commands inside read the compound's input.
        const input = node.redirects.filter(readsStdin).at(-1);
        let ws = worlds;
        for (const r of node.redirects) ws = expansions(r, ws, src, feed);
        // `{ …; } > file` writes the file whatever runs inside.
        if (node.redirects.some(isWrite)) {
          const writes = writtenFiles(node.redirects);
          flow.worlds = ws;
          walker.onCommand({
            args: [],
            approved: false,
            open: false,
            writes,
            stdin: { kind: "none" },
            command: src.slice(node.pos, node.end),
            source: src,
          });
          ws = forgetWrites(writes, flow.worlds, rules.home);
        }
        return run(node.command, ws, src, input ? { kind: "redirect", redirect: input, source: src } : feed);
      }
      case "Subshell":
        return both(subshell(worlds, (ws) => ends(run(node.body, ws, src, feed))));
      case "BraceGroup":
        return run(node.body, worlds, src, feed);
      case "If": {
        const c = run(node.clause, worlds, src, feed);
        const out = [ends(run(node.then, c.ok, src, feed))];
        let rest = c.fail;
        for (const elif of node.elif) {
          const e = run(elif.clause, rest, src, feed);
          out.push(ends(run(elif.then, e.ok, src, feed)));
          rest = e.fail;
        }
        out.push(node.else ? ends(run(node.else, rest, src, feed)) : rest);
        return both(union(...out));
      }
      case "While":
        return loop(worlds, (ws) => {
          const c = run(node.clause, ws, src, feed);
          const [go, stop] = node.kind === "while" ? [c.ok, c.fail] : [c.fail, c.ok];
          return { exits: stop, next: ends(run(node.body, go, src, feed)) };
        });
      case "For":
      case "Select":
        return forLoop(node, worlds, src, feed);
      case "ArithmeticFor":
        return loop(expansions(node, worlds, src, feed), (ws) => ({
          exits: ws,
          next: ends(run(node.body, ws, src, feed)),
        }));
      case "Case": {
        const ws = expansions(node.word, worlds, src, feed);
        return both(
          union(ws, ...node.items.map((item) => ends(run(item.body, expansions(item, ws, src, feed), src, feed)))),
        );
      }
      case "Function": {
        // Read as if called here, so what it would do is checked even if no call is seen (with arguments not
        // known); a call runs it again, with the call's arguments.
        run(node.body, worlds.map(unknownArguments), src, feed);
        const name = argFromWord(node.name).value;
        if (name === null) return both(worlds);
        return both(worlds.map((w) => ({ ...w, functions: new Map(w.functions).set(name, { node: node.body, src }) })));
      }
      case "Coproc":
        return both(
          union(
            worlds,
            subshell(worlds, (ws) => ends(run(node.body, ws, src, feed))),
          ),
        );
      case "Command":
        return command(node, worlds, src, feed);
      default:
        return both(expansions(node, worlds, src, feed));
    }
  };

  const forLoop = (
    node: Extract<SyntaxNode, { type: "For" | "Select" }>,
    worlds: World[],
    src: string,
    feed: Feed | undefined,
  ): Outcome => {
    const ws = node.wordlist ? node.wordlist.reduce((acc, w) => expansions(w, acc, src, feed), worlds) : worlds;
    const name = argFromWord(node.name).value ?? "";
    const bind = (w: World, value: string | null): World => ({
      ...w,
      vars: new Map(w.vars).set(name, { value, exported: w.vars.get(name)?.exported ?? false }),
    });
    const words = node.type === "For" ? node.wordlist?.map((w) => argFromWord(w)) : undefined;
    if (words?.every((a) => a.value !== null && !a.glob)) {
      // A literal list: each value in turn.
      let cur = ws;
      for (const a of words)
        cur = ends(
          run(
            node.body,
            cur.map((w) => bind(w, a.value)),
            src,
            feed,
          ),
        );
      return both(cur);
    }
    return loop(ws, (cur) => ({
      exits: cur,
      next: ends(
        run(
          node.body,
          cur.map((w) => bind(w, null)),
          src,
          feed,
        ),
      ),
    }));
  };

  const command = (node: Command, worlds: World[], src: string, feed: Feed | undefined): Outcome => {
    const entry = expansions(node, worlds, src, feed);
    const after: World[] = [];
    let sure = true;
    for (const { inv, worlds: all } of invocations(node, entry, src, feed)) {
      sure &&= cannotFail(inv, node);
      const name = inv.args[0]?.value;
      // Worlds where the name is a function the line defined run its body; the others run the command.
      const group = name && calls < MAX_CALLS ? all.filter((w) => !w.functions.has(name)) : all;
      for (const [fn, worlds] of name && group !== all ? functionsOf(all, name) : []) {
        calls++;
        // The function's $1… are the call's arguments; the caller's come back when it returns.
        const saved = worlds.map(positionalOf);
        const args = positionalVars(inv.args.slice(1).map((a) => a.value));
        const returned = ends(
          run(
            fn.node,
            worlds.map((w) => withPositional(w, args)),
            fn.src,
            feed,
          ),
        );
        const same = saved.every((p) => worldsAgree(p, saved[0]));
        after.push(
          ...returned.map((w) => (same && saved[0] ? restorePositional(w, saved[0]) : withPositional(w, null))),
        );
        calls--;
      }
      if (group.length === 0) continue;
      const changed = shellBuiltin(inv, node, group, rules.home);
      flow.worlds = changed ?? group;
      walker.onCommand(inv);
      after.push(...recordWrites(node, inv, flow.worlds, src, feed, rules.home));
    }
    const ok = union(after);
    return { ok, fail: sure ? ok : entry };
  };

  const invocations = (node: Command, worlds: World[], src: string, feed: Feed | undefined) => {
    const words = node.name ? [node.name, ...node.args] : [...node.args];
    const dynamic =
      words.some((w) => w.type === "Word" && readsVariables(w.parts)) ||
      node.prefix.some((p) => p.type === "Assignment" && p.value.type === "Word" && readsVariables(p.value.parts));
    let stdin: Stdin | undefined;
    const writes = writtenFiles(node.redirects);
    const make = (args: Arg[], env: Map<string, string | null>): Invocation => ({
      args,
      approved: approvedByPrefix(node.prefix, rules.approvalVariable),
      open: false,
      ...(writes.length > 0 ? { writes } : {}),
      // Worked out only for the few commands that read it (shells, interpreters, `--input -`).
      get stdin() {
        stdin ??= stdinOf(node.redirects, feed, src);
        return stdin;
      },
      command: src.slice(node.pos, node.end),
      source: src,
      ...(env.size > 0 ? { env } : {}),
    });
    const groups = new Map<string, { inv: Invocation; worlds: World[] }>();
    for (const w of dynamic ? worlds : worlds.slice(0, 1)) {
      const args = words.flatMap((a) => (a.type === "Word" ? wordArgs(a, w, rules.home) : [argFromAssignment(a)]));
      const env = new Map<string, string | null>();
      for (const p of node.prefix) {
        if (p.type === "Assignment")
          env.set(p.name, p.value.type === "Word" ? resolveWord(p.value, w, rules.home).value : null);
      }
      const key = dynamic ? JSON.stringify([args.map((a) => a.value), [...env]]) : "";
      const group = groups.get(key);
      if (group) group.worlds.push(w);
      else groups.set(key, { inv: make(args, env), worlds: [w] });
    }
    if (!dynamic) for (const g of groups.values()) g.worlds = worlds;
    return groups.values();
  };

  const out = run(script, flow.worlds, source, input);
  flow.worlds = ends(out);
  return errors;
}

/**
 * A word as the arguments it becomes: one; or, for an unquoted `$X` alone, the words its known value splits into
 * (none when it is empty; not with IFS changed or a glob in it); or each positional parameter for a `"$@"` whose
 * arguments are known.
 */
function wordArgs(word: Word, world: World, home: string | undefined): Arg[] {
  if (word.text === '"$@"' || word.text === '"$' + '{@}"') {
    const all = splicedAll(world);
    if (all) return all.map(literalArg);
  }
  const arg = resolveWord(word, world, home);
  if (arg.value === null && /^\$(?:\w+|\{\w+\}|[@*])$/.test(word.text) && !world.vars.has("IFS")) {
    const value = world.vars.get(word.text.replace(/^\$\{?|\}$/g, ""))?.value;
    if (typeof value === "string" && !/[*?[]/.test(value))
      return value
        .split(/[ \t\n]+/)
        .filter(Boolean)
        .map(literalArg);
  }
  return [arg];
}

/** A function read where it is defined: its arguments are not known. */
function unknownArguments(w: World): World {
  return w.vars.has("#") ? withPositional(w, null) : w;
}

function worldsAgree(a: ReadonlyMap<string, ShellVar>, b: ReadonlyMap<string, ShellVar> | undefined): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k)?.value !== v.value) return false;
  return true;
}

interface Fn {
  node: SyntaxNode;
  src: string;
}

function functionsOf(worlds: World[], name: string): Map<Fn, World[]> {
  const out = new Map<Fn, World[]>();
  for (const w of worlds) {
    const fn = w.functions.get(name) as Fn | undefined;
    if (fn) out.set(fn, [...(out.get(fn) ?? []), w]);
  }
  return out;
}
