// A PowerShell parser for command lines: statements, pipelines, commands in argument mode, expressions in
// expression mode, strings with their expansions, here-strings, script blocks, hashtables, and the keyword
// statements (if, loops, switch, try, function). It recovers from what it cannot read and says so (`errors`):
// the gate treats such input as unprovable when it could matter.
//
// Why not a library: the npm registry has no PowerShell parser fit for a hook bundle. tree-sitter-powershell
// needs web-tree-sitter (201 KB of WebAssembly, async) and its 1.1 MB grammar: measured here (Node 20, 2 cores)
// it costs 37–57 ms to load, 9–16 ms to load the grammar, 56–92 ms for a first parse and ~1 ms per later parse
// of a 110-character line, several times the whole hook's budget, and it still leaves every word to decode
// (quotes, backticks, expansions). prettier-plugin-powershell's parser is a formatter's: it keeps text, not
// commands and arguments. This one is synchronous, linear and adds ~30 KB to the bundle.
import type { Block, CmdItem, Element, Expr, Part, Pipeline, Redirect, Span, Statement, Word } from "./ps-ast.ts";
import {
  escaped,
  isBlank,
  isDash,
  isDoubleQuote,
  isNameChar,
  isNewline,
  isSingleQuote,
  keywordAt,
  skipBlanks,
  unicodeEscape,
} from "./ps-lex.ts";

export interface ParsedPowershell {
  script: Block;
  /** Something could not be read as PowerShell (the parser skipped over it). */
  errors: boolean;
}

// Nested brackets, blocks and strings are followed this deep; deeper input throws a RangeError, which the
// analysis reports as too deep to check.
const MAX_NESTING = 200;

export function parsePowershell(source: string): ParsedPowershell {
  const p = new Parser(source);
  const script = p.block(0, "");
  return { script, errors: p.errors };
}

// Characters that end a bare word in argument mode.
const WORD_END = /[\s;|&(){},<>]/;
const OPERATOR =
  /^(?:-(?:eq|ne|gt|ge|lt|le|like|notlike|match|notmatch|contains|notcontains|in|notin|replace|split|join|f|and|or|xor|band|bor|bxor|shl|shr|is|isnot|as|ceq|cne|ieq|ine|clike|ilike|cmatch|imatch|creplace|ireplace|csplit|isplit)(?![\w-])|\+|-(?![\w-])|\*|\/|%|\.\.|\?\?)/i;

/** The binary operator at `i`; none when it is the start of a compound assignment (`+=`, `-=`, `??=`…). */
function binaryOperator(s: string, i: number): string | undefined {
  const op = OPERATOR.exec(s.slice(i, i + 12))?.[0];
  if (op === undefined || (/^(?:[-+*/%]|\?\?)$/.test(op) && s[i + op.length] === "=")) return undefined;
  return op;
}

class Parser {
  errors = false;
  private depth = 0;
  i = 0;
  constructor(readonly s: string) {}

  private nest<T>(f: () => T): T {
    if (++this.depth > MAX_NESTING) throw new RangeError("PowerShell nesting too deep");
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private fail(): void {
    this.errors = true;
    this.i++;
  }

  private blanks(newlines = false): void {
    this.i = skipBlanks(this.s, this.i, newlines);
  }

  private peek(n = 0): string | undefined {
    return this.s[this.i + n];
  }

  private span(pos: number): Span {
    return { pos, end: this.i };
  }

  /** Statements up to `close` (`}` or `)`, consumed) or the end. */
  block(pos: number, close: string): Block {
    return this.nest(() => {
      const statements: Statement[] = [];
      for (;;) {
        this.blanks(true);
        const c = this.peek();
        if (c === undefined) {
          if (close) this.errors = true;
          break;
        }
        if (c === ";") {
          this.i++;
          continue;
        }
        if (close && c === close) {
          this.i++;
          break;
        }
        if (c === "}" || c === ")") {
          this.fail();
          continue;
        }
        const before = this.i;
        statements.push(this.statement());
        if (this.i === before) this.fail();
      }
      return { statements, ...this.span(pos) };
    });
  }

  private statement(): Statement {
    const pos = this.i;
    // `:label` before a loop.
    if (this.peek() === ":" && isNameChar(this.peek(1))) {
      while (isNameChar(this.peek(1))) this.i++;
      this.i++;
      this.blanks();
    }
    const kw = keywordAt(this.s, this.i);
    if (kw) {
      const keyword = this.keyword(kw, pos);
      if (keyword) return keyword;
    }
    return this.chainOrAssignment(pos);
  }

  /** A `{ … }` block after optional blanks and line ends; an empty one (and an error) when there is none. */
  private braced(): Block {
    this.blanks(true);
    const pos = this.i;
    if (this.peek() !== "{") {
      this.errors = true;
      return { statements: [], pos, end: pos };
    }
    this.i++;
    return this.block(pos, "}");
  }

  /** `( … )` read as one statement (a condition, a switch value), after optional blanks. */
  private parenthesized(): Statement {
    this.blanks(true);
    const pos = this.i;
    if (this.peek() !== "(") {
      this.errors = true;
      return { t: "empty", pos, end: pos };
    }
    this.i++;
    const body = this.block(pos, ")");
    return body.statements.length === 1 ? (body.statements[0] as Statement) : { t: "block", body, ...this.span(pos) };
  }

  private keyword(kw: string, pos: number): Statement | undefined {
    const skip = () => {
      this.i += kw.length;
    };
    switch (kw) {
      case "if": {
        skip();
        const clauses = [{ cond: this.parenthesized(), body: this.braced() }];
        let otherwise: Block | undefined;
        for (;;) {
          const save = this.i;
          this.blanks(true);
          const next = keywordAt(this.s, this.i);
          if (next === "elseif") {
            this.i += 6;
            clauses.push({ cond: this.parenthesized(), body: this.braced() });
          } else if (next === "else") {
            this.i += 4;
            otherwise = this.braced();
            break;
          } else {
            this.i = save;
            break;
          }
        }
        return { t: "if", clauses, ...(otherwise ? { otherwise } : {}), ...this.span(pos) };
      }
      case "while":
        skip();
        return { t: "loop", kind: kw, head: [this.parenthesized()], body: this.braced(), ...this.span(pos) };
      case "for": {
        skip();
        const head = this.parenthesized();
        return { t: "loop", kind: kw, head: [head], body: this.braced(), ...this.span(pos) };
      }
      case "do": {
        skip();
        const body = this.braced();
        this.blanks(true);
        const until = keywordAt(this.s, this.i);
        if (until === "while" || until === "until") this.i += until.length;
        else this.errors = true;
        return { t: "loop", kind: kw, head: [this.parenthesized()], body, ...this.span(pos) };
      }
      case "foreach": {
        // `foreach ($x in $items) { … }`; `foreach` followed by anything else is ForEach-Object's alias.
        const open = skipBlanks(this.s, this.i + kw.length, false);
        if (this.s[open] !== "(") return undefined;
        this.i = open + 1;
        this.blanks(true);
        const variable = this.peek() === "$" ? this.variableName() : undefined;
        this.blanks(true);
        if (keywordAt(this.s, this.i) === "in") this.i += 2;
        else this.errors = true;
        const items = this.block(this.i, ")");
        const statement: Statement = { t: "block", body: items, ...this.span(items.pos) };
        return {
          t: "loop",
          kind: kw,
          head: [],
          body: this.braced(),
          ...(variable ? { variable } : {}),
          items: statement,
          ...this.span(pos),
        };
      }
      case "switch": {
        skip();
        // Options (-regex, -file path…) up to the value in parentheses.
        for (;;) {
          this.blanks();
          if (!isDash(this.peek())) break;
          while (this.peek() !== undefined && !isBlank(this.peek()) && this.peek() !== "(") this.i++;
        }
        const value = this.peek() === "(" ? this.parenthesized() : undefined;
        this.blanks(true);
        const cases: { test?: Expr; body: Block }[] = [];
        if (this.peek() !== "{") this.errors = true;
        else {
          this.i++;
          for (;;) {
            this.blanks(true);
            const c = this.peek();
            if (c === undefined) {
              this.errors = true;
              break;
            }
            if (c === "}") {
              this.i++;
              break;
            }
            if (c === ";") {
              this.i++;
              continue;
            }
            const before = this.i;
            const test = keywordAt(this.s, this.i) === "default" ? undefined : this.primary(true);
            if (!test) this.i += 7;
            cases.push({ ...(test ? { test } : {}), body: this.braced() });
            if (this.i === before) this.fail();
          }
        }
        return { t: "switch", ...(value ? { value } : {}), cases, ...this.span(pos) };
      }
      case "try": {
        skip();
        const body = this.braced();
        const catches: Block[] = [];
        let fin: Block | undefined;
        for (;;) {
          const save = this.i;
          this.blanks(true);
          const next = keywordAt(this.s, this.i);
          if (next === "catch") {
            this.i += 5;
            // Exception types: `catch [System.Net.WebException], [IOException] { … }`.
            for (;;) {
              this.blanks(true);
              if (this.peek() === "[") this.typeName();
              else if (this.peek() === ",") this.i++;
              else break;
            }
            catches.push(this.braced());
          } else if (next === "finally") {
            this.i += 7;
            fin = this.braced();
            break;
          } else {
            this.i = save;
            break;
          }
        }
        return { t: "try", body, catches, ...(fin ? { fin } : {}), ...this.span(pos) };
      }
      case "function":
      case "filter":
      case "workflow":
      case "configuration": {
        skip();
        this.blanks();
        const start = this.i;
        while (this.peek() !== undefined && !/[\s({]/.test(this.peek() as string)) this.i++;
        const name = this.s.slice(start, this.i).replace(/^(?:global|script|local|private):/i, "");
        this.blanks();
        // `function f($a, $b) { … }`: the parameters' defaults are code too.
        if (this.peek() === "(") this.parenthesized();
        return { t: "function", name: name.toLowerCase(), body: this.braced(), ...this.span(pos) };
      }
      case "trap":
      case "begin":
      case "process":
      case "end":
      case "dynamicparam":
      case "data":
      case "parallel":
      case "sequence":
      case "inlinescript":
        skip();
        this.blanks();
        if (kw === "trap" && this.peek() === "[") this.typeName();
        if (kw === "data") while (this.peek() !== undefined && this.peek() !== "{" && !isNewline(this.peek())) this.i++;
        return { t: "block", body: this.braced(), ...this.span(pos) };
      case "param": {
        skip();
        const body = this.parenthesized();
        return { t: "block", body: { statements: [body], ...this.span(pos) }, ...this.span(pos) };
      }
      case "return":
      case "exit":
      case "throw":
      case "break":
      case "continue": {
        skip();
        this.blanks();
        const c = this.peek();
        const ends = c === undefined || isNewline(c) || c === ";" || c === "}" || c === ")";
        const value = ends ? undefined : this.chainOrAssignment(this.i);
        return { t: "flow", keyword: kw, ...(value ? { value } : {}), ...this.span(pos) };
      }
      case "class":
      case "enum": {
        // A type definition: its methods are not run here; skipped as a whole.
        skip();
        while (this.peek() !== undefined && this.peek() !== "{") this.i++;
        const body = this.braced();
        return { t: "block", body: { statements: [], ...this.span(body.pos) }, ...this.span(pos) };
      }
      case "using":
        while (this.peek() !== undefined && !isNewline(this.peek()) && this.peek() !== ";") this.i++;
        return { t: "empty", ...this.span(pos) };
      default:
        return undefined;
    }
  }

  private typeName(): string {
    const pos = ++this.i;
    let depth = 1;
    while (this.peek() !== undefined && depth > 0) {
      if (this.peek() === "[") depth++;
      else if (this.peek() === "]") depth--;
      this.i++;
    }
    if (depth > 0) this.errors = true;
    return this.s.slice(pos, this.i - 1);
  }

  /** `$x = …` (and `+=`…), else pipelines joined by `&&` / `||`. */
  private chainOrAssignment(pos: number): Statement {
    const first = this.pipeline();
    const only = first.elements.length === 1 ? first.elements[0] : undefined;
    if (only?.t === "expr" && only.redirects.length === 0) {
      this.blanks();
      const op = /^(?:=(?!=)|\+=|-=|\*=|\/=|%=|\?\?=)/.exec(this.s.slice(this.i, this.i + 3))?.[0];
      if (op) {
        this.i += op.length;
        this.blanks(true);
        const value = this.statement();
        return { t: "assign", target: only.expr, op, value, ...this.span(pos) };
      }
    }
    const pipelines = [first];
    const ops: string[] = [];
    for (;;) {
      this.blanks();
      const op = this.s.slice(this.i, this.i + 2);
      if (op !== "&&" && op !== "||") break;
      this.i += 2;
      this.blanks(true);
      ops.push(op);
      pipelines.push(this.pipeline());
    }
    this.blanks();
    const background = this.peek() === "&" && this.peek(1) !== "&";
    if (background) this.i++;
    return { t: "chain", pipelines, ops, background, ...this.span(pos) };
  }

  private pipeline(): Pipeline {
    const pos = this.i;
    const elements: Element[] = [this.element()];
    for (;;) {
      this.blanks();
      if (this.peek() !== "|" || this.peek(1) === "|") break;
      this.i++;
      this.blanks(true);
      elements.push(this.element());
    }
    return { elements, ...this.span(pos) };
  }

  private element(): Element {
    this.blanks();
    const pos = this.i;
    const c = this.peek();
    const c1 = this.peek(1);
    if (c === "&" && c1 !== "&") {
      this.i++;
      return this.command(pos, "&");
    }
    if (c === "." && (isBlank(c1) || c1 === "{" || isSingleQuote(c1) || isDoubleQuote(c1) || c1 === "$")) {
      this.i++;
      return this.command(pos, ".");
    }
    if (this.startsExpression()) {
      const expr = this.expression();
      const redirects = this.redirects();
      return { t: "expr", expr, redirects, ...this.span(pos) };
    }
    return this.command(pos, "");
  }

  /** Does the element at the cursor start in expression mode (a value, not a command name)? */
  private startsExpression(): boolean {
    const c = this.peek();
    const c1 = this.peek(1);
    if (c === undefined) return false;
    if (c === "$" || c === "(" || c === "[" || c === "{" || isSingleQuote(c) || isDoubleQuote(c) || c === "@")
      return true;
    if (c === "!" || c === ",") return true;
    if (/[0-9]/.test(c))
      return /^[0-9][0-9a-fA-FxX.]*(?:kb|mb|gb|tb|pb|l|d)?(?=$|[\s;|)}\]+\-*/%,.=])/i.test(
        this.s.slice(this.i, this.i + 40),
      );
    if (isDash(c) && (c1 === "-" || c1 === "+")) return true;
    if (isDash(c) && c1 !== undefined && /[0-9.]/.test(c1)) return true;
    return isDash(c) && /^-(?:not|bnot|split|join)\b/i.test(this.s.slice(this.i, this.i + 8));
  }

  private command(pos: number, invoke: "" | "&" | "."): Element {
    const items: CmdItem[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c === undefined || isNewline(c) || c === ";" || c === "|" || c === ")" || c === "}") break;
      if (c === "&") {
        if (this.peek(1) === "&") break;
        // `cmd &` sends it to the background (chainOrAssignment reads the `&`).
        break;
      }
      const redirect = this.redirect();
      if (redirect) {
        redirects.push(redirect);
        continue;
      }
      const start = this.i;
      if (c === "-" && this.peek(1) === "-" && this.peek(2) === "%") {
        this.i += 3;
        const from = this.i;
        while (this.peek() !== undefined && !isNewline(this.peek()) && this.peek() !== "|") this.i++;
        items.push({ t: "stop", text: this.s.slice(from, this.i).trim(), ...this.span(start) });
        continue;
      }
      if (
        isDash(c) &&
        this.peek(1) !== undefined &&
        /[\p{L}_?]/u.test(this.peek(1) as string) &&
        items.length + (invoke ? 1 : 0) > 0
      ) {
        this.i++;
        const from = this.i;
        while (this.peek() !== undefined && !WORD_END.test(this.peek() as string) && this.peek() !== ":") this.i++;
        const name = this.s.slice(from, this.i);
        if (this.peek() === ":" && this.peek(1) !== undefined && !isBlank(this.peek(1))) {
          this.i++;
          items.push({ t: "param", name, value: this.argument(), ...this.span(start) });
        } else {
          if (this.peek() === ":") this.i++;
          items.push({ t: "param", name, ...this.span(start) });
        }
        continue;
      }
      const before = this.i;
      items.push({ t: "arg", expr: this.argument(), ...this.span(start) });
      if (this.i === before) this.fail();
    }
    if (items.length === 0 && !invoke) this.errors = true;
    return { t: "command", invoke, items, redirects, ...this.span(pos) };
  }

  private redirects(): Redirect[] {
    const out: Redirect[] = [];
    for (;;) {
      this.blanks();
      const r = this.redirect();
      if (!r) return out;
      out.push(r);
    }
  }

  private redirect(): Redirect | undefined {
    const m = /^(?:[1-6*]?>>?(?:&[12])?|<)/.exec(this.s.slice(this.i, this.i + 5));
    if (!m) return undefined;
    const pos = this.i;
    this.i += m[0].length;
    if (m[0].includes("&") || m[0] === "<") {
      // `<` is reserved in PowerShell: an error, as a parser reads it.
      if (m[0] === "<") this.errors = true;
      return { op: m[0], ...this.span(pos) };
    }
    this.blanks();
    return { op: m[0], target: this.argument(), ...this.span(pos) };
  }

  /** One argument in argument mode: a word, a value, or a comma list of them. */
  private argument(): Expr {
    const pos = this.i;
    const first = this.argumentValue();
    const items = [first];
    for (;;) {
      const save = this.i;
      this.blanks();
      if (this.peek() !== ",") {
        this.i = save;
        break;
      }
      this.i++;
      this.blanks(true);
      items.push(this.argumentValue());
    }
    return items.length === 1 ? first : { t: "array", items, ...this.span(pos) };
  }

  private argumentValue(): Expr {
    const pos = this.i;
    const c = this.peek();
    const c1 = this.peek(1);
    if (c === "@" && c1 !== undefined && isNameChar(c1)) {
      this.i++;
      const from = this.i;
      while (isNameChar(this.peek())) this.i++;
      return { t: "splat", name: this.s.slice(from, this.i).toLowerCase(), ...this.span(pos) };
    }
    if (c === "(" || c === "{" || (c === "@" && (c1 === "(" || c1 === "{" || isSingleQuote(c1) || isDoubleQuote(c1)))) {
      return this.postfix(this.primary(false));
    }
    if (c === "$" && c1 === "(") {
      // `$(…)` alone, or the start of a longer word (`$(pwd)/x`).
      const word = this.word();
      const [part] = word.parts;
      return word.parts.length === 1 && part?.t === "sub"
        ? { t: "sub", body: part.body, array: false, ...this.span(pos) }
        : { t: "word", word, ...this.span(pos) };
    }
    if (c === "$" && c1 !== undefined && (isNameChar(c1) || c1 === "{" || c1 === "$" || c1 === "^")) {
      const save = this.i;
      const name = this.variableName();
      const next = this.peek();
      // `$x` alone (maybe `.Member`): a value; `$x/y` or `$x.txt`: part of a word.
      if (next === "." || next === "[") return this.postfix({ t: "var", name, ...this.span(pos) });
      if (next === undefined || WORD_END.test(next)) return { t: "var", name, ...this.span(pos) };
      this.i = save;
    }
    const word = this.word();
    return { t: "word", word, ...this.span(pos) };
  }

  /** A bare word in argument mode, with quotes, escapes and expansions inside it. */
  private word(): Word {
    const pos = this.i;
    const parts: Part[] = [];
    let quoted = false;
    const lit = (text: string) => {
      const last = parts.at(-1);
      if (last?.t === "lit") last.text += text;
      else parts.push({ t: "lit", text });
    };
    while (this.peek() !== undefined) {
      const c = this.peek() as string;
      if (WORD_END.test(c)) break;
      if (c === "`") {
        const n = this.peek(1);
        if (n === undefined) {
          this.i++;
          break;
        }
        if (isNewline(n)) break;
        const u = unicodeEscape(this.s, this.i + 1);
        if (u) {
          lit(u.text);
          this.i = u.end;
        } else {
          lit(n);
          this.i += 2;
        }
        continue;
      }
      if (isSingleQuote(c)) {
        quoted = true;
        lit(this.singleQuoted());
        continue;
      }
      if (isDoubleQuote(c)) {
        quoted = true;
        for (const p of this.doubleQuoted()) p.t === "lit" ? lit(p.text) : parts.push(p);
        continue;
      }
      if (c === "$" && this.peek(1) === "(") {
        const start = this.i;
        this.i += 2;
        const body = this.block(start, ")");
        parts.push({ t: "sub", body, text: this.s.slice(start, this.i) });
        continue;
      }
      if (c === "$" && this.peek(1) !== undefined && (isNameChar(this.peek(1)) || this.peek(1) === "{")) {
        const start = this.i;
        const name = this.variableName();
        parts.push({ t: "var", name, text: this.s.slice(start, this.i) });
        continue;
      }
      lit(c);
      this.i++;
    }
    return { parts, quoted, ...this.span(pos) };
  }

  /** `'…'` with `''` for a quote; the cursor is on the opening quote. */
  private singleQuoted(): string {
    this.i++;
    let out = "";
    for (;;) {
      const c = this.peek();
      if (c === undefined) {
        this.errors = true;
        return out;
      }
      this.i++;
      if (isSingleQuote(c)) {
        if (isSingleQuote(this.peek())) {
          out += this.peek();
          this.i++;
          continue;
        }
        return out;
      }
      out += c;
    }
  }

  /** `"…"` with `""`, backtick escapes, `$var` and `$(…)`; the cursor is on the opening quote. */
  private doubleQuoted(): Part[] {
    this.i++;
    return this.expandable((c) => {
      if (!isDoubleQuote(c)) return false;
      if (isDoubleQuote(this.peek(1))) return "escape";
      return true;
    });
  }

  /** The parts of an expandable text up to where `ends` says (true: consume and stop; "escape": a doubled quote). */
  private expandable(ends: (c: string) => boolean | "escape"): Part[] {
    const parts: Part[] = [];
    const lit = (text: string) => {
      const last = parts.at(-1);
      if (last?.t === "lit") last.text += text;
      else parts.push({ t: "lit", text });
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined) {
        this.errors = true;
        return parts;
      }
      const end = ends(c);
      if (end === "escape") {
        lit(this.peek(1) as string);
        this.i += 2;
        continue;
      }
      if (end) {
        this.i++;
        return parts;
      }
      if (c === "`" && this.peek(1) !== undefined) {
        const u = unicodeEscape(this.s, this.i + 1);
        if (u) {
          lit(u.text);
          this.i = u.end;
        } else {
          lit(escaped(this.peek(1) as string));
          this.i += 2;
        }
        continue;
      }
      if (c === "$" && this.peek(1) === "(") {
        const start = this.i;
        this.i += 2;
        const body = this.block(start, ")");
        parts.push({ t: "sub", body, text: this.s.slice(start, this.i) });
        continue;
      }
      if (c === "$" && this.peek(1) !== undefined && (isNameChar(this.peek(1)) || this.peek(1) === "{")) {
        const start = this.i;
        const name = this.variableName();
        parts.push({ t: "var", name, text: this.s.slice(start, this.i) });
        continue;
      }
      lit(c);
      this.i++;
    }
  }

  /** `@'…'@` / `@"…"@`: the cursor is on `@`; the closing quote must start a line. */
  private hereString(): Word {
    const pos = this.i;
    const double = isDoubleQuote(this.peek(1));
    this.i += 2;
    while (isBlank(this.peek())) this.i++;
    if (this.peek() === "\r") this.i++;
    if (this.peek() === "\n") this.i++;
    else this.errors = true;
    const closes = (at: number) =>
      (isNewline(this.s[at - 1]) || at === 0) &&
      (double ? isDoubleQuote(this.s[at]) : isSingleQuote(this.s[at])) &&
      this.s[at + 1] === "@";
    let parts: Part[];
    if (!double) {
      const start = this.i;
      while (this.i < this.s.length && !closes(this.i)) this.i++;
      if (this.i >= this.s.length) this.errors = true;
      parts = [{ t: "lit", text: this.s.slice(start, this.i).replace(/\r?\n$/, "") }];
      this.i = Math.min(this.s.length, this.i + 2);
    } else {
      parts = this.expandable(() => closes(this.i));
      if (this.peek() === "@") this.i++;
      const last = parts.at(-1);
      if (last?.t === "lit") last.text = last.text.replace(/\r?\n$/, "");
    }
    return { parts, quoted: true, ...this.span(pos) };
  }

  /** `$name`, `$env:NAME`, `${any name}`, `$_`, `$$`, `$^`, `$?`; the cursor is on `$`. Returns the name. */
  variableName(): string {
    this.i++;
    if (this.peek() === "{") {
      const close = this.s.indexOf("}", this.i);
      const name = this.s.slice(this.i + 1, close < 0 ? this.s.length : close);
      if (close < 0) this.errors = true;
      this.i = close < 0 ? this.s.length : close + 1;
      return name;
    }
    if (this.peek() === "$" || this.peek() === "^") {
      this.i++;
      return this.s[this.i - 1] as string;
    }
    const from = this.i;
    while (isNameChar(this.peek())) this.i++;
    // A drive or scope qualifier: `$env:NAME`, `$script:x`.
    if (this.peek() === ":" && isNameChar(this.peek(1)) && this.i > from) {
      this.i++;
      while (isNameChar(this.peek())) this.i++;
    }
    return this.s.slice(from, this.i);
  }

  // ---- expression mode ----

  expression(): Expr {
    return this.nest(() => {
      const pos = this.i;
      let left = this.unary();
      for (;;) {
        const save = this.i;
        this.blanks();
        const c = this.peek();
        if (c === ",") {
          this.i++;
          this.blanks(true);
          const items = left.t === "array" && left.pos === pos ? [...left.items] : [left];
          items.push(this.unary());
          left = { t: "array", items, ...this.span(pos) };
          continue;
        }
        const op = binaryOperator(this.s, this.i);
        if (!op || (op === "-" && this.peek(1) === "-")) {
          this.i = save;
          return left;
        }
        this.i += op.length;
        this.blanks(true);
        const right = this.unary();
        left = { t: "binary", op: op.toLowerCase(), left, right, ...this.span(pos) };
      }
    });
  }

  private unary(): Expr {
    const pos = this.i;
    const m = /^(?:-(?:not|bnot|split|join)(?![\w-])|!|\+\+|--|-(?!-)|\+|,)/i.exec(this.s.slice(this.i, this.i + 6));
    if (m && !(m[0] === "-" && /[0-9.]/.test(this.peek(1) ?? ""))) {
      this.i += m[0].length;
      this.blanks(true);
      return { t: "unary", op: m[0].toLowerCase(), operand: this.unary(), ...this.span(pos) };
    }
    // `[int]$x`: a cast of what follows; `[Type]::Member` stays a type.
    if (this.peek() === "[") {
      const name = this.typeName();
      this.blanks();
      const type: Expr = { t: "type", name, ...this.span(pos) };
      const next = this.peek();
      if (next === ":" && this.peek(1) === ":") return this.postfix(type);
      if (next !== undefined && /[$('"@[\d{-]/.test(next)) {
        return { t: "unary", op: `[${name}]`, operand: this.unary(), ...this.span(pos) };
      }
      return this.postfix(type);
    }
    return this.postfix(this.primary(true));
  }

  private postfix(target: Expr): Expr {
    let out = target;
    for (;;) {
      const c = this.peek();
      const member =
        c === "." && this.peek(1) !== "."
          ? 1
          : c === "?" && this.peek(1) === "."
            ? 2
            : c === ":" && this.peek(1) === ":"
              ? 2
              : 0;
      if (member) {
        this.i += member;
        const from = this.i;
        if (isSingleQuote(this.peek()) || isDoubleQuote(this.peek()) || this.peek() === "$" || this.peek() === "(") {
          this.primary(true);
        } else while (isNameChar(this.peek()) || this.peek() === "-") this.i++;
        const name = this.s.slice(from, this.i);
        if (this.peek() === "(") {
          this.i++;
          const args = this.callArguments();
          out = { t: "member", target: out, name, args, ...this.span(out.pos) };
        } else out = { t: "member", target: out, name, ...this.span(out.pos) };
        continue;
      }
      // `$i++`, `$a[0]--`: the variable changes (ps-walk reads it as unknown after).
      if ((c === "+" || c === "-") && this.peek(1) === c && /^(?:var|member|index)$/.test(out.t)) {
        this.i += 2;
        out = { t: "unary", op: c + c, operand: out, ...this.span(out.pos) };
        continue;
      }
      if (c === "[" && out.t !== "type") {
        this.i++;
        this.blanks(true);
        const index = this.expression();
        this.blanks(true);
        if (this.peek() === "]") this.i++;
        else this.errors = true;
        out = { t: "index", target: out, index, ...this.span(out.pos) };
        continue;
      }
      return out;
    }
  }

  /** A method call's arguments, up to and including `)`. */
  private callArguments(): Expr[] {
    const args: Expr[] = [];
    for (;;) {
      this.blanks(true);
      const c = this.peek();
      if (c === undefined) {
        this.errors = true;
        return args;
      }
      if (c === ")") {
        this.i++;
        return args;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      const before = this.i;
      const e = this.unaryChain();
      args.push(e);
      if (this.i === before) this.fail();
    }
  }

  /** An expression without top-level commas (a method argument, a hashtable key). */
  private unaryChain(): Expr {
    const pos = this.i;
    let left = this.unary();
    for (;;) {
      const save = this.i;
      this.blanks();
      const op = binaryOperator(this.s, this.i);
      if (!op) {
        this.i = save;
        return left;
      }
      this.i += op.length;
      this.blanks(true);
      left = { t: "binary", op: op.toLowerCase(), left, right: this.unary(), ...this.span(pos) };
    }
  }

  /** A value in expression mode (`words`: a bare word is read as a string, as in a switch case). */
  primary(words: boolean): Expr {
    return this.nest(() => {
      const pos = this.i;
      const c = this.peek();
      const c1 = this.peek(1);
      if (c === "(") {
        this.i++;
        const body = this.block(pos, ")");
        const only = body.statements.length === 1 ? body.statements[0] : undefined;
        return { t: "paren", body: only ?? { t: "block", body, ...this.span(pos) }, ...this.span(pos) };
      }
      if (c === "$" && c1 === "(") {
        this.i += 2;
        return { t: "sub", body: this.block(pos, ")"), array: false, ...this.span(pos) };
      }
      if (c === "@" && c1 === "(") {
        this.i += 2;
        return { t: "sub", body: this.block(pos, ")"), array: true, ...this.span(pos) };
      }
      if (c === "@" && c1 === "{") return this.hashtable();
      if (c === "@" && (isSingleQuote(c1) || isDoubleQuote(c1))) {
        const word = this.hereString();
        return { t: "word", word, ...this.span(pos) };
      }
      if (c === "{") {
        this.i++;
        return { t: "block", body: this.block(pos, "}"), ...this.span(pos) };
      }
      if (c === "$") return { t: "var", name: this.variableName(), ...this.span(pos) };
      if (isSingleQuote(c)) {
        const text = this.singleQuoted();
        return { t: "word", word: { parts: [{ t: "lit", text }], quoted: true, ...this.span(pos) }, ...this.span(pos) };
      }
      if (isDoubleQuote(c)) {
        const parts = this.doubleQuoted();
        return { t: "word", word: { parts, quoted: true, ...this.span(pos) }, ...this.span(pos) };
      }
      if (c !== undefined && /[0-9]/.test(c)) {
        const m = /^(?:0x[0-9a-f]+|[0-9]*\.?[0-9]+(?:e[+-]?[0-9]+)?)(?:kb|mb|gb|tb|pb|l|d)?/i.exec(
          this.s.slice(this.i, this.i + 40),
        );
        this.i += m?.[0].length ?? 1;
        return { t: "num", text: this.s.slice(pos, this.i), ...this.span(pos) };
      }
      if (c === "[") return this.unary();
      if (words && c !== undefined && !/[\s;|&)}\],=]/.test(c)) {
        const word = this.word();
        return { t: "word", word, ...this.span(pos) };
      }
      this.errors = true;
      return { t: "word", word: { parts: [], quoted: false, ...this.span(pos) }, ...this.span(pos) };
    });
  }

  private hashtable(): Expr {
    const pos = this.i;
    this.i += 2;
    const entries: { key: Expr; value: Statement }[] = [];
    for (;;) {
      this.blanks(true);
      const c = this.peek();
      if (c === undefined) {
        this.errors = true;
        break;
      }
      if (c === "}") {
        this.i++;
        break;
      }
      if (c === ";") {
        this.i++;
        continue;
      }
      const before = this.i;
      // A bare key (`Uri = …`) ends at `=`, which a word in argument mode would take in.
      const bare = /^[\p{L}_][\p{L}\p{N}_-]*/u.exec(this.s.slice(this.i, this.i + 200))?.[0];
      let key: Expr;
      if (bare) {
        this.i += bare.length;
        key = {
          t: "word",
          word: { parts: [{ t: "lit", text: bare }], quoted: false, ...this.span(before) },
          ...this.span(before),
        };
      } else key = this.unaryChain();
      this.blanks();
      if (this.peek() === "=") {
        this.i++;
        this.blanks(true);
        entries.push({ key, value: this.statement() });
      } else this.errors = true;
      if (this.i === before) this.fail();
    }
    return { t: "hash", entries, ...this.span(pos) };
  }
}
