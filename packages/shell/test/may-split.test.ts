// Which arguments known only at run time bash may split into several words (shell-words.ts maySplit): an unquoted
// expansion may; a quoted one, arithmetic and a known value never do. And `--name=$value` is an option all the same
// (scan-options.ts), its value split as the word would be.
import { describe, expect, it } from "vitest";
import {
  type Arg,
  analyzeLine,
  literalArg,
  maySplit,
  type Rules,
  scanInterspersed,
  scanOptions,
} from "../src/engine.ts";

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

describe("--name=… and -o… known only at run time", () => {
  const spec = { short: "o", long: ["--push-option"] };
  it.each([
    // [line, option name, value text, may split]
    ["cmd --push-option=$T origin", "--push-option", "$T", true],
    ['cmd --push-option="$T" origin', "--push-option", "$T", false],
    ['cmd "--push-option=topic=$T" origin', "--push-option", "topic=$T", false],
    ["cmd --push-option=topic=$(date) origin", "--push-option", "topic=$(date)", true],
    ["cmd --repo.url=$R origin", "--repo.url", "$R", true],
    ["cmd -o$T origin", "-o", "$T", true],
    ['cmd -o"$T" origin', "-o", "$T", false],
    ["cmd -otopic=$T origin", "-o", "topic=$T", true],
  ])("%s", (line, name, text, splits) => {
    for (const scan of [scanInterspersed(argsOf(line), spec), scanOptions(argsOf(line), 0, spec)]) {
      expect(scan.options.map((o) => o.name)).toEqual([name]);
      const value = scan.options[0]?.value as Arg;
      expect([value.value, value.text, maySplit(value)]).toEqual([null, text, splits]);
    }
    expect(scanInterspersed(argsOf(line), spec).operands.map((a) => a.value)).toEqual(["origin"]);
  });

  it.each(["cmd --$N=x origin", "cmd $OPT origin", "cmd --a$N=x origin", "cmd '--a$'=$T origin"])(
    "%s: a name known only at run time is no option",
    (line) => {
      expect(scanInterspersed(argsOf(line), spec).options).toEqual([]);
      expect(scanOptions(argsOf(line), 0, spec)).toMatchObject({ options: [], rest: 0 });
    },
  );
});
