// What a command reads on standard input: its own here-doc, here-string or `<` redirect, else what the pipe feeds it.
import type { CommandNode, ParsedScript, Redirection } from "unbash";
import type { Stdin } from "./context.ts";
import { backslashEscapes, printfOutput } from "./printf-text.ts";
import { type Arg, argFromAssignment, argFromParts, argFromWord, joinArgs, literalArg } from "./shell-words.ts";

/** Where a pipeline element's input comes from: the element before it, or a redirect on an enclosing compound. */
export type Feed =
  | { kind: "command"; node: CommandNode; source: string; upstream: Feed | undefined }
  | { kind: "redirect"; redirect: Redirection; source: string }
  /** What the shell running this code reads (`echo … | bash -c 'cat | sh'`). */
  | { kind: "inherited"; stdin: Stdin };

const NONE: Stdin = { kind: "none" };
// A pipe of cats passes text through; past this many the text is simply unknown.
const MAX_PASS_THROUGH = 64;

export function stdinOf(redirects: readonly Redirection[], feed: Feed | undefined, source: string, hops = 0): Stdin {
  let own: Redirection | undefined;
  for (const r of redirects) if (readsStdin(r)) own = r;
  if (own) return fromRedirect(own, source);
  if (!feed) return NONE;
  if (feed.kind === "redirect") return fromRedirect(feed.redirect, feed.source);
  if (feed.kind === "inherited") return feed.stdin;
  return fromCommand(feed.node, feed.source, feed.upstream, hops);
}

export function readsStdin(r: Redirection): boolean {
  const fd = r.descriptor;
  if (fd && !(fd.type === "FileDescriptor" && fd.value === 0)) return false;
  return r.type !== "Redirect" || r.operator === "<" || r.operator === "<>";
}

function fromArg(arg: Arg, suffix: string, exact = true): Stdin {
  if (arg.value !== null) return { kind: "text", text: arg.value + suffix, exact };
  return { kind: "dynamic", text: arg.text + suffix, opaque: arg.opaque };
}

function fromRedirect(r: Redirection, source: string): Stdin {
  if (r.type === "HereDoc") return fromArg(argFromParts(r.body.parts, r.body.text), "");
  if (!r.target) return NONE;
  if (r.type === "HereString") return fromArg(argFromWord(r.target), "\n");
  return fromProcessSubstitution(argFromWord(r.target), source) ?? { kind: "file" };
}

/** `<(echo …)` as a file name or `< <(…)` as input: the text the inner command prints, if it is that simple. */
export function fromProcessSubstitution(arg: Arg, source: string): Stdin | undefined {
  const part = arg.node?.parts?.length === 1 ? arg.node.parts[0] : undefined;
  if (part?.type !== "ProcessSubstitution") return undefined;
  return fromScript(part.script, source, part.text);
}

function fromScript(script: ParsedScript | undefined, source: string, what: string): Stdin {
  const only = script?.commands.length === 1 ? script.commands[0]?.command : undefined;
  if (!script || only?.type !== "Command") return { kind: "unknown", what };
  return fromCommand(only, script.source ?? source, undefined, 0);
}

function fromCommand(node: CommandNode, source: string, upstream: Feed | undefined, hops: number): Stdin {
  const what = source.slice(node.pos, node.end);
  if (node.type !== "Command" || !node.name || hops > MAX_PASS_THROUGH) return { kind: "unknown", what };
  const name = argFromWord(node.name).value?.replace(/^.*\//, "");
  const args = node.args.map((a) => (a.type === "Word" ? argFromWord(a) : argFromAssignment(a)));
  if (name === "echo") return fromEcho(args);
  if (name === "printf") return fromPrintf(args);
  if ((name === "cat" || name === "tee") && (name === "tee" || args.every((a) => a.value?.startsWith("-")))) {
    return stdinOf(node.redirects, upstream, source, hops + 1);
  }
  return { kind: "unknown", what };
}

/** `echo [-neE] words`: its words, with `-e` escapes decoded (loosely: the shell's echo may differ). */
function fromEcho(args: Arg[]): Stdin {
  let i = 0;
  let escapes = false;
  let newline = true;
  for (; i < args.length && /^-[neE]+$/.test(args[i]?.value ?? ""); i++) {
    for (const flag of args[i]?.value?.slice(1) ?? "") {
      if (flag === "n") newline = false;
      else escapes = flag === "e";
    }
  }
  const words = joinArgs(args.slice(i));
  if (!escapes || words.value === null) return fromArg(words, newline ? "\n" : "", !escapes);
  const decoded = backslashEscapes(words.value, true);
  return fromArg(literalArg(decoded.text), newline && !decoded.stopped ? "\n" : "", false);
}

/** `printf format args…`: what it prints when the format is plain, else its words (loosely, either way). */
function fromPrintf(args: Arg[]): Stdin {
  const values = args.map((a) => a.value);
  const [format, ...rest] = values;
  const plain = format !== undefined && format !== null && !format.startsWith("-") && rest.every((v) => v !== null);
  const out = plain ? printfOutput(format, rest as string[]) : undefined;
  return fromArg(out === undefined ? joinArgs(args) : literalArg(out), "", false);
}

/** The files output redirections write: `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, and `>&` to a name (not `>&2`). */
export function writtenFiles(redirects: readonly Redirection[]): Arg[] {
  const out: Arg[] = [];
  for (const r of redirects) if (r.type === "Redirect" && r.target && isWrite(r)) out.push(argFromWord(r.target));
  return out;
}

export function isWrite(r: Redirection): boolean {
  if (r.type !== "Redirect" || !r.target || r.operator === "<" || r.operator === "<&") return false;
  return r.operator !== ">&" || !/^(?:\d+-?|-)$/.test(r.target.value);
}
