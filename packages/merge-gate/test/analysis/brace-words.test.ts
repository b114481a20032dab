// Bash's brace expansion of one word, as the tamper check reads `mv .claude{,.bak}`.
import { describe, expect, it } from "vitest";
import { expandBraces } from "../../src/analysis/brace-words.ts";

describe("brace expansion", () => {
  it.each<[string, string[] | undefined]>([
    [".claude{,.bak}", [".claude", ".claude.bak"]],
    [".{pi,x}/a", [".pi/a", ".x/a"]],
    ["a{b,c{d,e}}f", ["abf", "acdf", "acef"]],
    ["{a,b}{1,2}", ["a1", "a2", "b1", "b2"]],
    ["f{1..3}", ["f1", "f2", "f3"]],
    ["f{3..1}", ["f3", "f2", "f1"]],
    ["{a..c}", ["a", "b", "c"]],
    ["{0..10..5}", ["0", "5", "10"]],
    ["x{a}y", ["x{a}y"]],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell word, not a template
    ["${HOME}/{a,b}", ["${HOME}/a", "${HOME}/b"]],
    ["{a,b", ["{a,b"]],
    ["{1..1000}", undefined],
  ])("%s", (word, words) => {
    expect(expandBraces(word)).toEqual(words);
  });
});
