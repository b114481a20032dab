// Runs a parsed PowerShell line the way PowerShell would, as far as a gate follows it: every command is
// visited in the worlds it may run in (lists, `&&`/`||`, pipelines, if/loops/switch/try, functions, script
// blocks, subexpressions), and native commands go to the shell analysis as the same simple commands a bash
// line gives (argv, approval, stdin, files written), so the gate's git, gh and HTTP analysers judge them.
import { addUnprovable, type Ctx, type Invocation, type Stdin, unknownPart } from "../context.ts";
import type { Arg } from "../shell-words.ts";
import { MAX_WALK_STEPS, WalkBudgetExceeded } from "../walk-script.ts";
import { distinct, type World } from "../world.ts";
import { approvedElements } from "./ps-approval.ts";
import { argsOf, nameArg, splitCommandLine } from "./ps-args.ts";
import type { Block, CmdItem, Element, Expr, Pipeline, Statement } from "./ps-ast.ts";
import { cmdletFor, runCmdlet } from "./ps-cmdlets.ts";
import { assign, exprValue, readVariable, stringOf, textOf, unknown, type Val, variableKey } from "./ps-values.ts";
import { type Feed, stdinOf, type Walker } from "./ps-walker.ts";

const MAX_CALLS = 4;
const LOOP_ROUNDS = 2;

export class PsWalker implements Walker {
  private calls = 0;
  private approved = new Set<Element>();
  constructor(
    readonly ctx: Ctx,
    readonly src: string,
    private readonly input: Stdin | undefined,
  ) {}

  get worlds(): World[] {
    return this.ctx.flow.worlds;
  }
  set worlds(w: World[]) {
    this.ctx.flow.worlds = w;
  }
  get home(): string | undefined {
    return this.ctx.rules.home;
  }
  union(...sets: World[][]): World[] {
    return distinct(sets.flat(), this.ctx.rules.domain);
  }
  private step(): void {
    if (++this.ctx.state.steps > MAX_WALK_STEPS) throw new WalkBudgetExceeded();
  }
  text(span: { pos: number; end: number }): string {
    return this.src.slice(span.pos, span.end);
  }

  block(b: Block): void {
    for (const el of approvedElements(b, this.src, this.ctx.rules.approvalVariable)) this.approved.add(el);
    for (const st of b.statements) this.statement(st);
  }

  /** A block that may run any number of times, or not at all (a loop body, a script block handed to a cmdlet). */
  maybe(run: () => void, scoped = true): void {
    let cur = this.worlds;
    for (let i = 0; i < LOOP_ROUNDS; i++) {
      this.worlds = cur;
      run();
      const next = this.union(cur, scoped ? this.endScope(cur, this.worlds) : this.worlds);
      if (next.length === cur.length && next.every((w, j) => w === cur[j])) break;
      cur = next;
    }
    this.worlds = cur;
  }

  /** A script block's own variables end with it; the location, the environment and the repositories do not. */
  endScope(outer: World[], inner: World[]): World[] {
    const [o] = outer;
    if (!o) return inner;
    return inner.map((w) => {
      const vars = new Map([...w.vars].filter(([k]) => !k.startsWith("ps:") && !k.startsWith("alias:")));
      for (const [k, v] of o.vars) if (k.startsWith("ps:") || k.startsWith("alias:")) vars.set(k, v);
      return { ...w, vars, functions: o.functions };
    });
  }

  /** A script block run now in a child scope (`& { }`, Invoke-Command). */
  scoped(b: Block): void {
    const outer = this.worlds;
    this.block(b);
    this.worlds = this.endScope(outer, this.worlds);
  }

  statement(st: Statement): void {
    this.step();
    switch (st.t) {
      case "chain":
        this.chain(st);
        return;
      case "assign":
        this.assignment(st);
        return;
      case "if": {
        const out: World[][] = [];
        let rest = this.worlds;
        for (const c of st.clauses) {
          this.worlds = rest;
          this.statement(c.cond);
          rest = this.worlds;
          this.block(c.body);
          out.push(this.worlds);
          this.worlds = rest;
        }
        if (st.otherwise) this.block(st.otherwise);
        this.worlds = this.union(...out, this.worlds);
        return;
      }
      case "loop":
        if (st.items) this.statement(st.items);
        for (const h of st.head) this.statement(h);
        this.maybe(() => {
          if (st.variable) this.worlds = assign(this.worlds, st.variable, () => itemOf(st, this));
          this.block(st.body);
          for (const h of st.head) this.statement(h);
        }, false);
        return;
      case "switch": {
        if (st.value) this.statement(st.value);
        const entry = this.worlds;
        const out: World[][] = [entry];
        for (const c of st.cases) {
          this.worlds = entry;
          if (c.test) this.expr(c.test);
          this.block(c.body);
          out.push(this.worlds);
        }
        this.worlds = this.union(...out);
        return;
      }
      case "try": {
        const entry = this.worlds;
        this.block(st.body);
        const out = [this.worlds];
        for (const c of st.catches) {
          this.worlds = this.union(entry, out[0] as World[]);
          this.block(c);
          out.push(this.worlds);
        }
        this.worlds = this.union(...out);
        if (st.fin) this.block(st.fin);
        return;
      }
      case "function": {
        // Read as if called here, so what it would do is checked even if no call is seen; a call runs it again.
        const before = this.worlds;
        this.scoped(st.body);
        this.worlds = before.map((w) => ({ ...w, functions: new Map(w.functions).set(`ps:${st.name}`, st.body) }));
        return;
      }
      case "flow":
        if (st.value) this.statement(st.value);
        return;
      case "block":
        this.block(st.body);
        return;
      case "empty":
        return;
    }
  }

  private chain(st: Extract<Statement, { t: "chain" }>): void {
    // Every pipeline may run: `&&` and `||` only choose which, and the analysis keeps every course.
    const entry = this.worlds;
    let all = entry;
    for (const p of st.pipelines) {
      this.pipeline(p);
      all = this.union(all, this.worlds);
    }
    this.worlds = st.ops.length > 0 || st.background ? this.union(entry, all) : this.worlds;
  }

  private assignment(st: Extract<Statement, { t: "assign" }>): void {
    this.expr(st.target);
    const value = st.value;
    const only =
      value.t === "chain" && value.pipelines.length === 1 && value.pipelines[0]?.elements.length === 1
        ? value.pipelines[0].elements[0]
        : undefined;
    this.statement(value);
    if (st.target.t !== "var") return;
    const name = st.target.name;
    const rhs = (w: World): Val | null => {
      if (st.op !== "=") return { k: "str", v: null, text: this.text(st) };
      if (only?.t === "expr") {
        const v = exprValue(only.expr, w, this.home, this.src);
        // `$env:X = $null` / `''` removes the variable.
        return variableKey(name) !== `ps:${name.toLowerCase()}` && stringOf(v) === "" ? null : v;
      }
      return { k: "str", v: null, text: `$(${this.text(value)})` };
    };
    this.worlds = assign(this.worlds, name, rhs);
  }

  pipeline(p: Pipeline, first: Feed = this.input ? { stdin: this.input } : undefined): void {
    const run = () => {
      let feed: Feed = first;
      for (const el of p.elements) feed = this.element(el, feed);
    };
    // A pipeline's words are read in one world at a time: worlds that disagree on what it reads (an `if`
    // without `else` leaves both courses) each run it, so no course is judged by another's values.
    const groups = worldsByReads(this.worlds, this.text(p));
    if (groups.length <= 1) {
      run();
      return;
    }
    const after: World[] = [];
    for (const worlds of groups) {
      this.worlds = worlds;
      run();
      after.push(...this.worlds);
    }
    this.worlds = this.union(after);
  }

  /** Runs what an expression holds (subexpressions, script blocks, .NET calls) in the current worlds. */
  expr(e: Expr): void {
    switch (e.t) {
      case "word":
        for (const part of e.word.parts) if (part.t === "sub") this.block(part.body);
        return;
      case "paren":
        this.statement(e.body);
        return;
      case "sub":
        this.block(e.body);
        return;
      case "block":
        this.maybe(() => this.block(e.body));
        return;
      case "hash":
        for (const { key, value } of e.entries) {
          this.expr(key);
          this.statement(value);
        }
        return;
      case "array":
        for (const i of e.items) this.expr(i);
        return;
      case "binary":
        this.expr(e.left);
        this.expr(e.right);
        return;
      case "unary":
        this.expr(e.operand);
        // `$i++`, `--$i`: the variable's value is known only at run time after.
        if ((e.op === "++" || e.op === "--") && e.operand.t === "var") {
          const text = this.text(e);
          this.worlds = assign(this.worlds, e.operand.name, () => unknown(text));
        }
        return;
      case "index":
        this.expr(e.target);
        this.expr(e.index);
        return;
      case "member":
        this.expr(e.target);
        for (const a of e.args ?? []) this.expr(a);
        if (e.args) this.dotnet(e);
        return;
      default:
        return;
    }
  }

  /** A .NET method call: not followed; unprovable when its code speaks of what matters, and shown to the rules as code. */
  private dotnet(e: Expr): void {
    const text = this.text(e);
    const inv = this.invocation([nameArg("pwsh"), nameArg("-Command"), nameArg(text)], e, { kind: "none" });
    if (this.ctx.rules.codeMatters(text, "powershell")) {
      addUnprovable(this.ctx, inv, `it calls .NET code that mentions ${this.ctx.rules.topic}`);
    }
    // The rules' own look at code (a write to a protected file), as for `pwsh -Command`.
    this.ctx.rules.visit(inv, this.ctx);
  }

  invocation(
    args: Arg[],
    span: { pos: number; end: number },
    stdin: Stdin,
    changes: Partial<Invocation> = {},
  ): Invocation {
    return { args, approved: false, open: false, stdin, command: this.text(span), source: this.src, ...changes };
  }

  private element(el: Element, feed: Feed): Feed {
    this.step();
    const writes: Arg[] = [];
    for (const r of el.redirects) {
      if (!r.target) continue;
      this.expr(r.target);
      const [w] = this.worlds;
      if (w) writes.push(...argsOf(exprValue(r.target, w, this.home, this.src), false));
    }
    if (writes.length > 0) this.dispatch(this.invocation([], el, { kind: "none" }, { writes }));
    if (el.t === "expr") {
      this.expr(el.expr);
      const [w] = this.worlds;
      return w ? { value: exprValue(el.expr, w, this.home, this.src) } : undefined;
    }
    return this.command(el, feed, writes);
  }

  private command(el: Extract<Element, { t: "command" }>, feed: Feed, writes: Arg[]): Feed {
    for (const item of el.items) {
      if (item.t === "arg") this.expr(item.expr);
      else if (item.t === "param" && item.value) this.expr(item.value);
    }
    const [head, ...rest] = el.items;
    if (!head) return undefined;
    const approved = this.approved.has(el);
    // `& { … }` runs a block in a child scope, `. { … }` in this one.
    if (head.t === "arg" && head.expr.t === "block" && el.invoke) {
      el.invoke === "&" ? this.scoped(head.expr.body) : this.block(head.expr.body);
      return { value: { k: "str", v: null, text: this.text(el) } };
    }
    let output: Feed;
    const groups = new Map<string, { name: Val; worlds: World[] }>();
    for (const w of this.worlds) {
      const name =
        head.t === "arg"
          ? exprValue(head.expr, w, this.home, this.src)
          : { k: "str" as const, v: null, text: this.text(head) };
      const key = JSON.stringify([name.k, name.k === "str" ? name.v : name.text, name.k === "block" ? name.text : ""]);
      const g = groups.get(key);
      if (g) g.worlds.push(w);
      else groups.set(key, { name, worlds: [w] });
    }
    const after: World[] = [];
    for (const { name, worlds } of groups.values()) {
      this.worlds = worlds;
      output = this.run(el, name, rest, feed, { approved, writes });
      after.push(...this.worlds);
    }
    this.worlds = this.union(after);
    return output;
  }

  /** One command of a known (or unknown) name, in the worlds that agree on it. */
  private run(
    el: Extract<Element, { t: "command" }>,
    name: Val,
    rest: CmdItem[],
    feed: Feed,
    how: { approved: boolean; writes: Arg[] },
  ): Feed {
    if (name.k === "block" || (name.k === "str" && name.code !== undefined)) {
      // `& $block`: the block the line stored.
      this.ctx.analyzeCode(name.k === "block" ? name.text : (name.code ?? ""), this.ctx, undefined, "powershell");
      return undefined;
    }
    const value = stringOf(name);
    if (value === null) {
      const inv = this.invocation([{ value: null, text: textOf(name), glob: false, opaque: true }], el, stdinOf(feed));
      unknownPart(this.ctx, inv, "the command name is known only at run time");
      this.dispatch(inv);
      return undefined;
    }
    const lower = value.toLowerCase();
    const [w] = this.worlds;
    // An alias the line set (Set-Alias m gh).
    const alias = w ? readVariable(w, `alias:${lower}`, this.home, "") : undefined;
    if (alias?.k === "str" && alias.v !== null && w?.vars.has(`alias:${lower}`) && el.items.length < 64) {
      return this.run(el, alias, rest, feed, how);
    }
    const fn = w?.functions.get(`ps:${lower}`) as Block | undefined;
    if (fn && !/[\\/]/.test(value)) {
      if (this.calls < MAX_CALLS) {
        this.calls++;
        this.scoped(fn);
        this.calls--;
      }
      return undefined;
    }
    const cmdlet = /[\\/]/.test(value) ? undefined : cmdletFor(lower, rest);
    if (cmdlet) return runCmdlet(cmdlet, this, el, rest, feed, how);
    const args = [nameArg(value, name.k === "str" ? name.text : value), ...this.nativeArgs(rest)];
    this.dispatch(
      this.invocation(args, el, stdinOf(feed), {
        approved: how.approved,
        ...(how.writes.length ? { writes: how.writes } : {}),
      }),
    );
    return { stdin: { kind: "unknown", what: this.text(el) } };
  }

  /** A native command's argument words, as PowerShell passes them. */
  nativeArgs(items: readonly CmdItem[]): Arg[] {
    const [w] = this.worlds;
    const out: Arg[] = [];
    for (const item of items) {
      if (item.t === "stop") out.push(...splitCommandLine(item.text));
      else if (item.t === "param") {
        if (!item.value) out.push(nameArg(this.text(item)));
        else {
          const v = w ? exprValue(item.value, w, this.home, this.src) : undefined;
          const s = v ? stringOf(v) : null;
          const head = this.text(item).slice(0, this.text(item).indexOf(":") + 1);
          out.push(
            s === null
              ? { value: null, text: head + (v ? textOf(v) : ""), glob: false, opaque: false }
              : nameArg(head + s),
          );
        }
      } else if (item.expr.t === "splat") {
        const v = w ? readVariable(w, item.expr.name, this.home, `@${item.expr.name}`) : undefined;
        if (v?.k === "hash")
          for (const [k, val] of v.entries)
            out.push(
              ...argsOf(val, false).map((a) => ({
                ...a,
                value: a.value === null ? null : `-${k}:${a.value}`,
                text: `-${k}:${a.text}`,
              })),
            );
        else if (v) out.push(...argsOf(v, false));
      } else if (w) out.push(...argsOf(exprValue(item.expr, w, this.home, this.src), true));
    }
    return out;
  }

  /** Hands one simple command to the shell analysis (the rules' visitor, then wrappers, runners and the domain's analysers). */
  dispatch(inv: Invocation): void {
    this.ctx.analyzeInvocation(inv, this.ctx);
  }
}

// `$name`, `${any name}`, `@name` (splatting), with an optional scope or drive (`$env:NAME`).
const READS = /[$@](?:\{([^}]*)\}|((?:[A-Za-z]+:)?[\w?]+))/g;
const bodyIds = new WeakMap<object, number>();
let nextBodyId = 0;

/** The worlds grouped by what a piece of source reads in them: its variables, the line's aliases and functions, the location. */
function worldsByReads(worlds: World[], text: string): World[][] {
  if (worlds.length <= 1) return [worlds];
  const keys = new Set<string>();
  for (const m of text.matchAll(READS)) keys.add(variableKey(m[1] ?? m[2] ?? ""));
  const idOf = (body: unknown): number => {
    if (typeof body !== "object" || body === null) return -1;
    let id = bodyIds.get(body);
    if (id === undefined) {
      id = ++nextBodyId;
      bodyIds.set(body, id);
    }
    return id;
  };
  const groups = new Map<string, World[]>();
  for (const w of worlds) {
    const read = [...keys].map((k) => w.vars.get(k)?.value);
    const aliases = [...w.vars].filter(([k]) => k.startsWith("alias:")).map(([k, v]) => [k, v.value]);
    const functions = [...w.functions].map(([n, body]) => [n, idOf(body)]);
    const key = JSON.stringify([w.cwd, read, aliases, functions]);
    const g = groups.get(key);
    if (g) g.push(w);
    else groups.set(key, [w]);
  }
  return [...groups.values()];
}

/** A foreach loop's variable: each literal item in turn is not followed; one run with the value unknown. */
function itemOf(st: Extract<Statement, { t: "loop" }>, walker: PsWalker): Val {
  return { k: "str", v: null, text: `$(${st.items ? walker.text(st.items) : ""})` };
}
