// What a cmdlet (ps-cmdlets.ts) sees of the walker that runs it (ps-walk.ts), and what flows from one element of
// a pipeline to the next: kept apart so that the walker and its cmdlets do not import each other.
import type { Ctx, Invocation, Stdin } from "../context.ts";
import type { Arg } from "../shell-words.ts";
import type { World } from "../world.ts";
import type { Block } from "./ps-ast.ts";
import { stringOf, textOf, type Val } from "./ps-values.ts";

/** What an element hands the next one: a value (a cmdlet's output) or a native command's standard output. */
export type Output = { value: Val } | { stdin: Stdin };

/** What the element before feeds a pipeline element. */
export type Feed = Output | undefined;

/** The walker's part a cmdlet uses. */
export interface Walker {
  readonly ctx: Ctx;
  readonly src: string;
  readonly home: string | undefined;
  worlds: World[];
  text(span: { pos: number; end: number }): string;
  block(b: Block): void;
  maybe(run: () => void, scoped?: boolean): void;
  invocation(args: Arg[], span: { pos: number; end: number }, stdin: Stdin, changes?: Partial<Invocation>): Invocation;
  dispatch(inv: Invocation): void;
}

/** What a native command reads on standard input from the element before it. */
export function stdinOf(feed: Feed): Stdin {
  if (!feed) return { kind: "none" };
  if ("stdin" in feed) return feed.stdin;
  const s = stringOf(feed.value);
  return s === null ? { kind: "unknown", what: textOf(feed.value) } : { kind: "text", text: `${s}\n`, exact: true };
}
