// A line bash reads as a plain list of simple commands, told without the parser: the cheap looks before a parse
// (prefilter.ts, interactive-session.ts) use it to prove what the full reading would find.

/** Expansions, quoting, escapes, globs, braces, redirections, here-docs, subshells, comments, history, tilde. */
export const SHELL_SYNTAX = /[$`\\'"*?[\]{}<>()#!~]/;

/** Longer input is always read in full (the parser's nesting limits are far above this). */
export const MAX_PLAIN = 1024;

// Words bash reads as syntax at the start of a command.
const RESERVED = new Set(
  "if then else elif fi case esac for select while until do done in function time coproc".split(" "),
);

/**
 * `a && b | c; d`: the simple commands' words, or undefined when it is anything else (or would not parse). The
 * caller checks SHELL_SYNTAX and MAX_PLAIN first: with those characters the split below is not how bash reads it.
 * A command whose first word assigns a variable (`A=1 cmd`) is "anything else".
 */
export function plainList(command: string): string[][] | undefined {
  // Parts at even indexes, the operators between them at odd ones.
  const pieces = command.split(/(&&|\|\||[|;&\n])/);
  const out: string[][] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const words = (pieces[i] as string).split(/[ \t]+/).filter(Boolean);
    // Only `;`, `&` or a newline may end the list.
    if (words.length === 0 && i === pieces.length - 1 && i > 0 && /^[;&\n]$/.test(pieces[i - 1] as string)) break;
    if (words.length === 0 || RESERVED.has(words[0] as string) || words[0]?.includes("=")) return undefined;
    out.push(words);
  }
  return out;
}

/** plainList of a line that has no shell syntax and is short enough, else undefined. */
export function plainCommands(command: string): string[][] | undefined {
  return command.length > MAX_PLAIN || SHELL_SYNTAX.test(command) ? undefined : plainList(command);
}
