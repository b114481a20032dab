// A case-blind look for words in a line, without V8's case-blind pattern: a pattern with the `i` flag and a few
// dozen alternatives costs about 1.4 M instructions to compile, on every hook call (the code cache keeps no
// compiled pattern). The line's ASCII letters are lower-cased instead and the pattern, written in lower case, runs
// as it is: without the `u` flag a case-blind pattern of ASCII letters matches exactly the same, since no other
// character folds to an ASCII letter there, and `\w`, `\b` and `\s` read the same characters either way.

/** `source` (lower-case letters only, outside escapes) as a case-blind test of a text. */
export function caseBlindTest(source: string): (text: string) => boolean {
  if (/(?<!\\)[A-Z]/.test(source.replace(/\\\\/g, ""))) throw new Error(`not in lower case: ${source}`);
  const pattern = new RegExp(source);
  return (text) => pattern.test(/[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()) : text);
}
