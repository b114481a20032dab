// Which arguments known only at run time bash may split into several words (shell-words.ts maySplit): an unquoted
// expansion may; a quoted one, arithmetic and a known value never do.
import { describe, expect, it } from "vitest";
import { type Arg, analyzeLine, literalArg, maySplit, type Rules } from "../src/engine.ts";

/** The arguments after `cmd` in a line, as the engine hands them to an analyser. */
function argsOf(line: string): Arg[] {
  let args: Arg[] = [];
  const rules: Rules = {
    approvalVariable: "OK",
    mentions: /cmd/,
    topic: "splitting",
    home: undefined,
    domain: { start: {}, key: () => "", join: (a) => a },
    visit: (inv) => {
      if (inv.args[0]?.value === "cmd") args = inv.args.slice(1);
    },
    commandFor: () => undefined,
    names: ["cmd"],
    codeMatters: () => false,
  };
  analyzeLine(line, rules, { cwd: "/" });
  return args;
}

describe("maySplit", () => {
  it.each([
    ["cmd $T", true],
    ["cmd x=$T", true],
    ["cmd x$T", true],
    ["cmd $(date)", true],
    ["cmd `date`", true],
    ["cmd x=$(date)", true],
    ['cmd "$T"', false],
    ['cmd "x=$T"', false],
    ["cmd 'x=$T'", false],
    ['cmd x="$T"', false],
    ['cmd "$(date)"', false],
    ["cmd $((1 + 2))", false],
    ["cmd plain", false],
    ["T=a; cmd $T", false],
  ])("%s → %s", (line, splits) => {
    const [arg] = argsOf(line);
    expect(arg).toBeDefined();
    expect(maySplit(arg as Arg)).toBe(splits);
  });

  it("takes a word made by the analysis, known only at run time and with no parse at hand, as one that may", () => {
    expect(maySplit({ ...literalArg("x"), value: null })).toBe(true);
    expect(maySplit(literalArg("x"))).toBe(false);
  });
});
