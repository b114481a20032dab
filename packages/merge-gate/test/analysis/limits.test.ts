import { describe, expect, it } from "vitest";
import { analyzeCommand, isBlocked } from "../../src/analysis/index.ts";

const facts = { protectedBranches: ["main"], currentBranch: "feature" };
const whys = (command: string) =>
  analyzeCommand(command, facts).findings.flatMap((f) => (f.kind === "unprovable" ? [f.why] : []));

/** `bash -c '…'` around the command, `levels` times. */
function nestBashC(command: string, levels: number): string {
  let s = command;
  for (let i = 0; i < levels; i++) s = `bash -c '${s.replace(/'/g, `'\\''`)}'`;
  return s;
}

describe("limits", () => {
  it("follows code in code up to eight levels, then blocks as unprovable", () => {
    expect(analyzeCommand(nestBashC("gh pr merge 1", 7), facts).findings).toMatchObject([{ route: "gh pr merge" }]);
    expect(whys(nestBashC("gh pr merge 1", 9))).toContain("it nests code in code too deeply to follow");
    expect(isBlocked(analyzeCommand(nestBashC("echo hi", 9), facts))).toBe(true);
  });

  it("does not parse input over 256 KiB, and blocks it only when it mentions merge or push", () => {
    const filler = "x".repeat(256 * 1024);
    expect(whys(`echo ${filler}; gh pr merge 1`)).toEqual(["it is too long to check"]);
    expect(analyzeCommand(`echo ${filler}`, facts).findings).toEqual([]);
  });

  it("does not parse deeply nested substitutions in large input", () => {
    const nested = `${"$(".repeat(5000)}gh pr merge 1 ${"x".repeat(40_000)}`;
    expect(whys(nested)).toEqual(["it nests too many substitutions to check"]);
  });

  // Each loop runs its body once per value: nested loops multiply the walk, and a hang would outlast the hook's
  // deadline (a CLI runs the tool when its hook times out). Past the walk's budget the line is blocked.
  it.each([
    ["loops nested 40 deep around a merge", `${"for a in x y; do ".repeat(40)}gh pr merge 1${"; done".repeat(40)}`],
    ["loops nested 40 deep around a read", `${"for a in x y; do ".repeat(40)}git status${"; done".repeat(40)}`],
    ["loops nested 100 deep, never closed", "for a in merge view; do gh pr $a 12; d>&one && ".repeat(100)],
  ])("blocks %s as too branched to check", (_what, command) => {
    expect(whys(command)).toContain("it branches too much to check (split it into shorter commands)");
  });

  it("lets deeply nested loops through that name nothing that could merge (the prefilter proves it)", () => {
    expect(analyzeCommand(`${"for a in x y; do ".repeat(40)}ls${"; done".repeat(40)}`, facts).findings).toEqual([]);
  });

  it("follows loops nested a few deep exactly", () => {
    const nested = (body: string) => `${"for a in x y; do ".repeat(5)}${body}${"; done".repeat(5)}`;
    expect(whys(nested("git push origin HEAD:main"))).toEqual([]);
    expect(isBlocked(analyzeCommand(nested("git push origin HEAD:main"), facts))).toBe(true);
    expect(analyzeCommand(nested("git push origin feature"), facts).findings).toEqual([]);
  });

  it("blocks input nested deeper than the parser can follow, whatever it mentions", () => {
    expect(whys('echo "$(x && '.repeat(600))).toEqual(["it nests too deeply to check"]);
  });

  it.each([
    ["echo 'unterminated", false],
    ["if then fi (((", false],
    ["gh pr merge 1 'unterminated", true],
    ["git push origin main )", true],
    ["x=$(", false],
    ["cat <<EOF\ngh pr merge", false],
  ])("judges unparseable %j by whether it mentions merge or push: blocked=%s", (command, blocked) => {
    // bash, and the parser, accept a here-doc closed by the end of input: its body is data.
    expect(isBlocked(analyzeCommand(command, facts))).toBe(blocked);
  });

  it.each([
    "",
    " ",
    "\n",
    "\0",
    ";",
    "|",
    "&&",
    "(",
    ")",
    "}",
    "`",
    "$",
    "\\",
    "'",
    '"',
    "<<",
    "<<<",
    "$(())",
    "\u202e",
    "🚀",
  ])("finds nothing in %j alone, and still the merge when it follows one", (command) => {
    expect(analyzeCommand(command, facts).findings).toEqual([]);
    const merge = analyzeCommand(`gh pr merge 1${command}`, facts);
    expect(isBlocked(merge)).toBe(true);
    expect(merge.findings).toContainEqual(expect.objectContaining({ kind: "merge", route: "gh pr merge" }));
  });
});
