// A domain plugged into the engine: its fields ride in each flow world, survive a subshell's end (unlike the
// shell's own cwd and variables), and are joined where the line's course is uncertain.
import { describe, expect, it } from "vitest";
import { analyzeLine, type Domain, type Rules, type World } from "../src/engine.ts";

interface Touched extends World {
  /** Files `touch` made, in order; null: some file named only at run time. */
  readonly made: readonly (string | null)[];
}

const TOUCHED: Domain<Touched> = {
  start: { made: [] },
  key: (w) => w.made.join("\u0001"),
  join: (a, b) => ({ made: a.made.join() === b.made.join() ? a.made : [null] }),
};

/** What a `ls` sees as made, per world, at each `ls` of the line. */
function seenByLs(line: string): (string | null)[][][] {
  const seen: (string | null)[][][] = [];
  const rules: Rules = {
    approvalVariable: "OK",
    mentions: /touch/,
    topic: "touching",
    home: undefined,
    domain: TOUCHED,
    visit: (inv, ctx) => {
      if (inv.args[0]?.value === "ls") seen.push(ctx.flow.worlds.map((w) => [...(w as Touched).made]));
    },
    commandFor: (name) =>
      name === "touch"
        ? (inv, ctx) => {
            const files = inv.args.slice(1).map((a) => a.value);
            ctx.flow.worlds = ctx.flow.worlds.map((w) => ({ ...w, made: [...(w as Touched).made, ...files] }));
          }
        : undefined,
    names: ["touch"],
    codeMatters: () => false,
  };
  analyzeLine(line, rules, { cwd: "/" });
  return seen;
}

describe("a domain's state in the engine's worlds", () => {
  it.each([
    ["ls", [[[]]]],
    ["touch a && ls", [[["a"]]]],
    ["touch a && touch b && ls", [[["a", "b"]]]],
    // touch may fail: after `;` both courses go on.
    ["touch a; ls", [[["a"], []]]],
    ["false || touch a; ls", [[[], ["a"]]]],
    // On disk, so it outlives the subshell and the child shell.
    ["(touch a) && ls", [[["a"], []]]],
    ["sh -c 'touch a' && ls", [[["a"], []]]],
    ["touch $F && ls", [[[null]]]],
  ])("%s", (line, expected) => {
    expect(seenByLs(line)).toEqual(expected);
  });
});
