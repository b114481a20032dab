// The hook command's own loader, run through a POSIX shell as a CLI runs it: a hook file that is there runs as
// `node <file>` would (same argv, stdin, stdout and exit code); one that has gone or cannot be loaded blocks
// with exit 2 and the fix on stderr when the hook blocks, and says nothing when it does not.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { nodeHookCommand } from "../src/packaging.ts";

const ROOT = ["$", "{HOOK_ROOT}"].join("");

async function run(command: string, root: string) {
  const r = await execa("sh", ["-c", command], {
    env: { PATH: process.env.PATH ?? "", HOOK_ROOT: root },
    extendEnv: false,
    input: '{"tool":"x"}',
    reject: false,
  });
  return { exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

describe("nodeHookCommand", () => {
  const hook = `${ROOT}/hooks/gate.cjs`;

  it("runs a hook file that is there exactly as node would", async () => {
    const root = tempDir("hookrail-cmd-");
    mkdirSync(join(root, "hooks"));
    writeFileSync(
      join(root, "hooks", "gate.cjs"),
      'const input = require("node:fs").readFileSync(0, "utf8");\nprocess.stdout.write(JSON.stringify({ argv: process.argv.slice(1), input, file: __filename }));\nprocess.exitCode = 3;\n',
    );
    for (const blocking of [undefined, { guardrail: "gate" }]) {
      const r = await run(nodeHookCommand(hook, blocking), root);
      expect(r.exitCode).toBe(3);
      expect(r.stderr).toBe("");
      const file = join(root, "hooks", "gate.cjs");
      expect(JSON.parse(r.stdout)).toEqual({ argv: [file], input: '{"tool":"x"}', file });
    }
  });

  it.each([
    ["missing", null, "is missing"],
    ["not JavaScript", "this is ( not code", "cannot be loaded (Unexpected identifier 'is')"],
  ])("a hook file that is %s: a blocking hook blocks and names the fix; another says nothing", async (_, text, why) => {
    const root = tempDir("hookrail-cmd-");
    if (text !== null) {
      mkdirSync(join(root, "hooks"));
      writeFileSync(join(root, "hooks", "gate.cjs"), text);
    }
    const blocked = await run(nodeHookCommand(hook, { guardrail: "gate" }), root);
    expect(blocked).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: `gate: blocked because its hook file ${join(root, "hooks", "gate.cjs")} ${why}, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
    });
    expect(await run(nodeHookCommand(hook), root)).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  });
});
