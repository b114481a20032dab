// The demo's lines kept within the terminal's width: a long line breaks at spaces, its continuation indented.

/** The widest line the demo prints. */
export const DEMO_WIDTH = 100;

/** `line` in lines of at most `width` columns (a single longer word stays whole), continued 4 columns deeper. */
export function wrapLine(line: string, width = DEMO_WIDTH): string[] {
  if (line.length <= width) return [line];
  const indent = " ".repeat((/^ */.exec(line)?.[0].length ?? 0) + 4);
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
export const wrapText = (text: string, width = DEMO_WIDTH): string =>
  text
    .split("\n")
    .flatMap((line) => wrapLine(line, width))
    .join("\n");
