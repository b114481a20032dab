// Lines kept within the terminal's width (demo, doctor): a long line breaks at spaces, its continuation indented.

import type { CommandIO } from "../io.ts";

/** The widest line the demo and doctor print. */
export const MAX_WIDTH = 100;

/** The width to wrap at: the terminal's, up to MAX_WIDTH; MAX_WIDTH into a pipe or file. */
export const lineWidth = (io: Pick<CommandIO, "stdout">): number =>
  io.stdout.isTTY && io.stdout.columns ? Math.min(io.stdout.columns, MAX_WIDTH) : MAX_WIDTH;

/**
 * `line` in lines of at most `width` columns (a single longer word stays whole), continued 4 columns deeper than
 * it starts, or at `indent`.
 */
export function wrapLine(
  line: string,
  width = MAX_WIDTH,
  indent = " ".repeat((/^ */.exec(line)?.[0].length ?? 0) + 4),
): string[] {
  if (line.length <= width) return [line];
  const lines: string[] = [];
  let current = "";
  for (const word of line.trimStart().split(" ")) {
    const start = current || (lines.length ? indent : line.slice(0, line.length - line.trimStart().length));
    const next = current ? `${current} ${word}` : `${start}${word}`;
    if (current && next.length > width) {
      lines.push(current);
      current = `${indent}${word}`;
    } else current = next;
  }
  lines.push(current);
  return lines;
}

/** Every line of `text` wrapped. */
export const wrapText = (text: string, width = MAX_WIDTH): string =>
  text
    .split("\n")
    .flatMap((line) => wrapLine(line, width))
    .join("\n");
