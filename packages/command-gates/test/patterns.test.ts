// Which patterns a gate may have: too broad is refused with the reason, never-matching is kept with a warning.
import { describe, expect, it } from "vitest";
import { checkPattern } from "../src/config/patterns.ts";

describe("checkPattern", () => {
  it.each([
    ["npm publish", { ok: "npm publish" }],
    ["  terraform   apply ", { ok: "terraform apply" }],
    ["kubectl delete", { ok: "kubectl delete" }],
    ["git push", { ok: "git push" }],
    ["terraform", { ok: "terraform" }],
    ["sudo", { ok: "sudo" }],
    ["/usr/local/bin/deploy", { ok: "/usr/local/bin/deploy" }],
    ["npm --force", { ok: "npm --force" }],
  ])("%j is usable", (pattern, result) => {
    expect(checkPattern(pattern)).toEqual(result);
  });

  it.each([
    ["git", /`git` alone would gate every git command .* e\.g\. `git push`/],
    ["NPM", /every npm command .* `npm publish`/],
    ["/usr/bin/python3", /every python3 command/],
    ["bash", /every bash command/],
    ["ls", /every ls command/],
    ["", /an empty pattern/],
    ["   ", /an empty pattern/],
  ])("%j is refused", (pattern, why) => {
    const check = checkPattern(pattern);
    expect("refused" in check && check.refused).toMatch(why);
  });

  it.each([
    ["'npm' publish", /quotes/],
    ["npm 'publish'", /quotes/],
    ["$NPM publish", /quotes, `\\`, `\$` or backquotes/],
    ["npm publish*", /not globs/],
    ["FOO=1 npm publish", /variable assignment/],
    ["if terraform apply", /shell syntax/],
    ["./scripts/", /names a folder/],
  ])("%j can never match: kept, with a warning", (pattern, why) => {
    const check = checkPattern(pattern);
    expect("warning" in check && check.warning).toMatch(why);
    expect("warning" in check && check.pattern).toBe(pattern.trim());
  });
});
