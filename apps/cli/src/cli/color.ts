// Colour for a terminal: on when stdout is one, off with NO_COLOR (any value) or TERM=dumb, forced with
// FORCE_COLOR (not "0"). Pipes, files and CI logs get plain text.
import type { CommandIO } from "../io.ts";

export interface Paint {
  readonly on: boolean;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const code = (on: boolean, open: number, close: number) => (text: string) =>
  on && text ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export function colorOn(io: Pick<CommandIO, "env" | "stdout">): boolean {
  const { env } = io;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  if (env.NO_COLOR || env.TERM === "dumb") return false;
  return io.stdout.isTTY === true;
}

export function paint(io: Pick<CommandIO, "env" | "stdout">): Paint {
  const on = colorOn(io);
  return {
    on,
    red: code(on, 31, 39),
    green: code(on, 32, 39),
    yellow: code(on, 33, 39),
    cyan: code(on, 36, 39),
    magenta: code(on, 35, 39),
    dim: code(on, 2, 22),
    bold: code(on, 1, 22),
  };
}

/** A unified diff with its added lines green, removed lines red and hunk headers cyan. */
export function colorDiff(diff: string, p: Paint): string {
  if (!p.on) return diff;
  return diff
    .split("\n")
    .map((line) =>
      line.startsWith("+++") || line.startsWith("---")
        ? p.bold(line)
        : line.startsWith("+")
          ? p.green(line)
          : line.startsWith("-")
            ? p.red(line)
            : line.startsWith("@@")
              ? p.cyan(line)
              : line,
    )
    .join("\n");
}
