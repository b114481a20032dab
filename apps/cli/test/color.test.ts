// Colour on a terminal only: diffs of a dry run and verdicts; NO_COLOR, TERM=dumb and pipes get plain text.
import { describe, expect, it } from "vitest";
import { colorDiff, colorOn, paint } from "../src/cli/color.ts";
import { call } from "./_call.ts";

const tty = { write: () => true, isTTY: true };
const pipe = { write: () => true };

describe("colour", () => {
  it.each<[string, NodeJS.ProcessEnv, { isTTY?: boolean; write(): boolean }, boolean]>([
    ["a terminal", {}, tty, true],
    ["a pipe", {}, pipe, false],
    ["NO_COLOR on a terminal", { NO_COLOR: "1" }, tty, false],
    ["TERM=dumb on a terminal", { TERM: "dumb" }, tty, false],
    ["FORCE_COLOR into a pipe", { FORCE_COLOR: "1" }, pipe, true],
    ["FORCE_COLOR=0 on a terminal", { FORCE_COLOR: "0" }, tty, true],
    ["FORCE_COLOR=0 with NO_COLOR", { FORCE_COLOR: "0", NO_COLOR: "1" }, tty, false],
  ])("%s: %s", (_label, env, stdout, on) => {
    expect(colorOn({ env, stdout })).toBe(on);
  });

  it("a diff: added lines green, removed red, hunks cyan, file names bold", () => {
    const diff = "--- a\n+++ a\n@@ -1 +1 @@\n-old\n+new\n same";
    expect(colorDiff(diff, paint({ env: { FORCE_COLOR: "1" }, stdout: pipe }))).toBe(
      "\u001b[1m--- a\u001b[22m\n\u001b[1m+++ a\u001b[22m\n\u001b[36m@@ -1 +1 @@\u001b[39m\n\u001b[31m-old\u001b[39m\n\u001b[32m+new\u001b[39m\n same",
    );
    expect(colorDiff(diff, paint({ env: {}, stdout: pipe }))).toBe(diff);
  });

  it("install --dry-run: the diff coloured on a terminal, plain into a pipe", async () => {
    const argv = ["install", "merge-gate", "--cli", "codex", "--dry-run"];
    const colored = await call(argv, { tty: { columns: 120, rows: 50 } });
    expect(colored.code, colored.stderr).toBe(0);
    expect(colored.stdout).toContain("\u001b[32m+");
    const plain = await call(argv);
    expect(plain.stdout).toMatch(/^\+/m);
    expect(plain.stdout).not.toContain("\u001b[");
  });
});
