// The syntax tree ps-parse.ts builds from a PowerShell command line: as much of PowerShell's grammar as a
// gate needs to follow what the line runs (statements, pipelines, commands and their arguments, the values
// and code inside expressions). Positions index into the parsed source.

export interface Span {
  pos: number;
  end: number;
}

/** A piece of a word or an expandable string. */
export type Part =
  /** Decoded literal text. */
  | { t: "lit"; text: string }
  /** `$name`, `${name}`, `$env:NAME`; `text` is the source. */
  | { t: "var"; name: string; text: string }
  /** `$( … )` inside a word or a double-quoted string. */
  | { t: "sub"; body: Block; text: string };

/** An argument-mode word or a string literal. */
export interface Word extends Span {
  parts: Part[];
  /** A quoted string (no wildcard expansion by cmdlets, no `~`). */
  quoted: boolean;
}

export type Expr = Span &
  (
    | { t: "word"; word: Word }
    | { t: "num"; text: string }
    | { t: "var"; name: string }
    /** `@name` in a command's arguments. */
    | { t: "splat"; name: string }
    | { t: "paren"; body: Statement }
    | { t: "sub"; body: Block; array: boolean }
    | { t: "hash"; entries: { key: Expr; value: Statement }[] }
    | { t: "block"; body: Block }
    | { t: "type"; name: string }
    | { t: "array"; items: Expr[] }
    | { t: "binary"; op: string; left: Expr; right: Expr }
    | { t: "unary"; op: string; operand: Expr }
    /** `.Name`, `::Name`, with `args` when it is a method call. */
    | { t: "member"; target: Expr; name: string; args?: Expr[] }
    | { t: "index"; target: Expr; index: Expr }
  );

/** A statement list: a script, a script block, a subexpression's body. */
export interface Block extends Span {
  statements: Statement[];
}

export interface Redirect extends Span {
  /** `>`, `>>`, `2>`, `*>>`, `2>&1`… */
  op: string;
  /** The file written; none for a stream merge (`2>&1`). */
  target?: Expr;
}

export type CmdItem = Span &
  /** `-Name`, `-Name:value`. */
  (
    | { t: "param"; name: string; value?: Expr }
    | { t: "arg"; expr: Expr }
    /** `--%`: the rest of the line, passed as it is. */
    | { t: "stop"; text: string }
  );

export type Element = Span &
  /** A command: `invoke` is the call operator it starts with, if any. */
  (
    | { t: "command"; invoke: "" | "&" | "."; items: CmdItem[]; redirects: Redirect[] }
    | { t: "expr"; expr: Expr; redirects: Redirect[] }
  );

export interface Pipeline extends Span {
  elements: Element[];
}

export type Statement = Span &
  /** Pipelines joined by `&&` / `||`, maybe sent to the background with `&`. */
  (
    | { t: "chain"; pipelines: Pipeline[]; ops: string[]; background: boolean }
    | { t: "assign"; target: Expr; op: string; value: Statement }
    | { t: "if"; clauses: { cond: Statement; body: Block }[]; otherwise?: Block }
    /** while/do/for/foreach: `head` holds the conditions and parts, `items` foreach's collection. */
    | { t: "loop"; kind: string; head: Statement[]; body: Block; variable?: string; items?: Statement }
    | { t: "switch"; value?: Statement; cases: { test?: Expr; body: Block }[] }
    | { t: "try"; body: Block; catches: Block[]; fin?: Block }
    | { t: "function"; name: string; body: Block }
    /** return, exit, throw, break, continue, with their value. */
    | { t: "flow"; keyword: string; value?: Statement }
    /** A block walked where it stands (trap, begin/process/end, data, param). */
    | { t: "block"; body: Block }
    | { t: "empty" }
  );
