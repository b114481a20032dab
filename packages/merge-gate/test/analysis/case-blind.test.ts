// The case-blind look without the `i` flag answers as the flagged pattern, on the words the prefilters look for.
import { prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { caseBlindTest } from "../../src/analysis/case-blind.ts";
import { PLACES_TABLE } from "../../src/places/places-table.ts";

const SOURCE = [
  ...PLACES_TABLE.triggerWords,
  ...PLACES_TABLE.ownFolderWords,
  String.raw`hooks\.json|\.\.|home|~|\/\s*(?:$|[;&|)])`,
].join("|");
// Letters that fold to ASCII in some case mappings (the Kelvin sign, long s, dotted and dotless i), word and space
// characters, and the words themselves in every case.
const PIECES = [
  ..."claude CLAUDE .Claude .GEMINI codex .codex Kilo .pi .PI .pie x.pi HOOKS Settings.JSON ~ / ; | ) .. Home".split(
    " ",
  ),
  ..."\u212a \u017f \u0130 \u0131 \u00e9 \u00c9 _ - . a Z 0 \t \n".split(" "),
  " ",
];

describe("caseBlindTest", () => {
  it("answers as the pattern with the i flag, on random texts", () => {
    const flagged = new RegExp(SOURCE, "i");
    const blind = caseBlindTest(SOURCE);
    const rand = prng(77);
    let hits = 0;
    for (let i = 0; i < 20000; i++) {
      const text = Array.from({ length: 1 + rand(6) }, () => PIECES[rand(PIECES.length)] as string).join("");
      const expected = flagged.test(text);
      expect(blind(text), JSON.stringify(text)).toBe(expected);
      if (expected) hits++;
    }
    // Not vacuous: both answers came often.
    expect(hits).toBeGreaterThan(5000);
    expect(hits).toBeLessThan(19000);
  });

  it("refuses a pattern with an upper-case letter outside an escape", () => {
    expect(() => caseBlindTest(String.raw`\.git|HOME`)).toThrow(/not in lower case/);
    expect(() => caseBlindTest(String.raw`\bhooks\S+\W`)).not.toThrow();
  });
});
