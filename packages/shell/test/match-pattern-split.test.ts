// A word known only at run time may split into several words, so it may stand for the rest of a pattern.
import { describe, expect, it } from "vitest";
import { matchesPattern, type SimpleCommand } from "../src/index.ts";

const cmd = (argv: (string | null)[], uncertain: boolean): SimpleCommand => ({
  argv,
  glob: argv.map(() => false),
  name: argv[0] ?? null,
  env: {},
  approved: false,
  cwd: "/",
  open: false,
  uncertain,
  text: argv.map((a) => a ?? "$X").join(" "),
});

describe("matchesPattern with a run-time word", () => {
  it.each([
    ["yarn $X, pattern yarn npm publish", cmd(["yarn", null], true), "yarn npm publish", "unknown"],
    ["yarn npm $X, pattern yarn npm publish", cmd(["yarn", "npm", null], true), "yarn npm publish", "unknown"],
    ["$X alone, pattern npm publish", cmd([null], true), "npm publish", "unknown"],
    ["$X publish, pattern yarn npm publish", cmd([null, "publish"], true), "yarn npm publish", "unknown"],
    ["yarn $X when nothing points at it", cmd(["yarn", null], false), "yarn npm publish", false],
    ["yarn run $X: run rules it out", cmd(["yarn", "run", null], true), "yarn npm publish", false],
    ["pnpm $X: another command", cmd(["pnpm", null], true), "yarn npm publish", false],
  ])("%s → %s", (_what, c, pattern, expected) => {
    expect(matchesPattern(c, pattern)).toBe(expected);
  });
});
