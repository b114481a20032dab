// The approval marker in PowerShell, which has no `NAME=1 command` prefix. One spelling approves exactly one
// command: the marker set in the environment, that command, and the marker removed again, as three
// statements in a row of the same statement list:
//
//   $env:MERGE_APPROVED = 1; gh pr merge 12; Remove-Item Env:MERGE_APPROVED
//
// The command must be a single command (no pipeline, no `&&`), so the approval sits next to it in the
// transcript; the removal keeps it from reaching anything the line runs later (a script that pushes, which the
// git pre-push hook would otherwise let through). A marker left set approves nothing.
import type { Block, Element, Expr, Statement } from "./ps-ast.ts";
import { variableKey } from "./ps-values.ts";

/** The elements of `block` that the marker approves. */
export function approvedElements(block: Block, src: string, variable: string): Element[] {
  const out: Element[] = [];
  const list = block.statements;
  for (let i = 0; i + 2 < list.length; i++) {
    if (!sets(list[i] as Statement, variable, src)) continue;
    const cmd = soleCommand(list[i + 1] as Statement);
    if (cmd && clears(list[i + 2] as Statement, variable, src)) out.push(cmd);
  }
  return out;
}

const isMarker = (e: Expr, variable: string) =>
  e.t === "var" && variableKey(e.name).toLowerCase() === variable.toLowerCase() && /^env:/i.test(e.name);

function literal(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  if (e.t === "num") return e.text;
  if (e.t === "word" && e.word.quoted && e.word.parts.every((p) => p.t === "lit")) {
    return e.word.parts.map((p) => (p.t === "lit" ? p.text : "")).join("");
  }
  return undefined;
}

function soleExpr(st: Statement | undefined): Expr | undefined {
  const el = st?.t === "chain" && st.pipelines.length === 1 && !st.background ? st.pipelines[0]?.elements : undefined;
  return el?.length === 1 && el[0]?.t === "expr" ? el[0].expr : undefined;
}

function soleCommand(st: Statement): Element | undefined {
  const el = st.t === "chain" && st.pipelines.length === 1 && !st.background ? st.pipelines[0]?.elements : undefined;
  return el?.length === 1 && el[0]?.t === "command" ? el[0] : undefined;
}

function sets(st: Statement, variable: string, _src: string): boolean {
  return st.t === "assign" && st.op === "=" && isMarker(st.target, variable) && literal(soleExpr(st.value)) === "1";
}

const REMOVERS = /^(?:remove-item|ri|rm|del|erase|rd|rmdir)$/i;

function clears(st: Statement, variable: string, src: string): boolean {
  if (st.t === "assign" && st.op === "=" && isMarker(st.target, variable)) {
    const v = soleExpr(st.value);
    return (v?.t === "var" && v.name.toLowerCase() === "null") || literal(v) === "";
  }
  const cmd = soleCommand(st);
  if (cmd?.t !== "command" || cmd.invoke) return false;
  const [name, ...rest] = cmd.items;
  if (name?.t !== "arg" || !REMOVERS.test(src.slice(name.pos, name.end))) return false;
  const paths = rest.filter((r) => !(r.t === "param" && /^(?:path|literalpath|lp|pspath)$/i.test(r.name) && !r.value));
  const [only] = paths;
  const path =
    only?.t === "arg"
      ? (literal(only.expr) ?? src.slice(only.pos, only.end))
      : only?.t === "param" && only.value
        ? literal(only.value)
        : undefined;
  return paths.length === 1 && new RegExp(`^env:\\\\?${variable}$`, "i").test(path ?? "");
}
