// `hookrail doctor`'s lines: on a terminal, each check wrapped within its width (100 columns at most), FIX red and
// ok green (like `try`'s verdicts); into a pipe or a file, one line per check, as scripts read it. No "hookrail:"
// inside a line (the hooks' own messages carry it on stderr).
import { type Paint, paint } from "./cli/color.ts";
import { lineWidth, wrapLine } from "./cli/wrap.ts";
import type { Check } from "./doctor-check.ts";
import type { CommandIO } from "./io.ts";

/** A hook's message quoted in a check, without the "hookrail: " it starts with where the hook prints it. */
export const unprefixed = (text: string): string => text.replace(/(^|\(|; |: )hookrail: /g, "$1");

/** Whether `hookrail update` is the fix of one of the problems. */
const updateFixes = (checks: readonly Check[]) => checks.some((c) => !c.ok && /\bhookrail update\b/.test(c.fix ?? ""));

function checkLines(c: Check, width: number, p: Paint): string[] {
  const wrap = (text: string, indent: string) => wrapLine(text, width, indent);
  if (c.ok) {
    const [first = "", ...rest] = wrap(`ok   ${unprefixed(c.what)}`, "     ");
    return [`${p.green("ok")}${first.slice(2)}`, ...rest];
  }
  const [first = "", ...rest] = wrap(`FIX  ${unprefixed(c.what)}`, "     ");
  return [
    `${p.bold(p.red("FIX"))}${first.slice(3)}`,
    ...rest,
    ...wrap(`     -> ${unprefixed(c.fix ?? "")}`, "        "),
  ];
}

export function doctorText(checks: readonly Check[], installs: number, io: Pick<CommandIO, "env" | "stdout">): string {
  const width = io.stdout.isTTY ? lineWidth(io) : Number.POSITIVE_INFINITY;
  const p = paint(io);
  const lines = checks.flatMap((c) => checkLines(c, width, p));
  if (!installs) lines.push("     no hookrail guardrail is installed for any CLI here");
  const problems = checks.filter((c) => !c.ok).length;
  const things = `${problems} thing${problems === 1 ? "" : "s"} to fix`;
  lines.push(
    ...wrap(
      problems
        ? `doctor: ${things}; each FIX line says how${updateFixes(checks) ? " (hookrail update puts back what vanished)" : ""}`
        : `doctor: all good${installs ? `, ${installs} install${installs === 1 ? "" : "s"} will run` : ""}`,
      width,
    ),
  );
  return `${lines.join("\n")}\n`;
}

const wrap = (text: string, width: number) => wrapLine(text, width, "    ");
