// The hook command's own loader, run through a POSIX shell as a CLI runs it: a hook file that is there runs as
// `node <file>` would (same argv, stdin, stdout and exit code); one that has gone or cannot be loaded blocks
// with exit 2 and the fix on stderr when the hook blocks (or prints the CLI's deny JSON), and says nothing (or
// the CLI's "no objection") when it does not. The form for cmd.exe runs the same loader as one word.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { nodeHookCommand, nodeHookCommandForCmd } from "../src/packaging/hook-loader.ts";

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
    for (const blocking of [undefined, { guardrail: "gate", blocking: true }]) {
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
    const blocked = await run(nodeHookCommand(hook, { guardrail: "gate", blocking: true }), root);
    expect(blocked).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: `gate: blocked because its hook file ${join(root, "hooks", "gate.cjs")} ${why}, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
    });
    expect(await run(nodeHookCommand(hook), root)).toEqual({ exitCode: 0, stdout: "", stderr: "" });
  });

  const reason = (root: string) =>
    `gate: blocked because its hook file ${join(root, "hooks", "gate.cjs")} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`;

  it("a CLI that reads a block as JSON gets its deny, with the reason, at exit 0; the words after the file follow it", async () => {
    const root = tempDir("hookrail-cmd-");
    const deny = (r: string) => ({ permissionDecision: "deny", permissionDecisionReason: r, nested: { why: r, n: 1 } });
    const r = await run(nodeHookCommand(hook, { guardrail: "gate", blocking: true, deny }, ["preToolUse"]), root);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(deny(reason(root)));
    mkdirSync(join(root, "hooks"));
    writeFileSync(join(root, "hooks", "gate.cjs"), "process.stdout.write(JSON.stringify(process.argv.slice(2)));\n");
    const present = await run(nodeHookCommand(hook, { guardrail: "gate", blocking: true, deny }, ["preToolUse"]), root);
    expect(present).toEqual({ exitCode: 0, stdout: '["preToolUse"]', stderr: "" });
  });

  it("a hook that does not block prints the CLI's no-objection where one is given", async () => {
    const root = tempDir("hookrail-cmd-");
    const neutral = { decision: "allow" };
    const r = await run(nodeHookCommand(hook, { guardrail: "gate", blocking: false, neutral }), root);
    expect(r).toEqual({ exitCode: 0, stdout: '{"decision":"allow"}', stderr: "" });
  });

  it("refuses an answer the shell form cannot carry", () => {
    expect(() => nodeHookCommand(hook, { guardrail: "gate", blocking: true, deny: () => ({ a: "it's" }) })).toThrow(
      /quote/,
    );
    expect(() => nodeHookCommand(hook, { guardrail: "gate", blocking: true, deny: () => ({ "a-b": "x" }) })).toThrow(
      /key/,
    );
    expect(() => nodeHookCommand(hook, { guardrail: "a b", blocking: true })).toThrow(/no guardrail/);
  });

  it("the form for cmd.exe is one word with nothing cmd reads, and runs the same loader", async () => {
    const root = tempDir("hookrail-cmd-");
    const file = `require('path').join(process.env.HOOK_ROOT,'hooks','gate.cjs')`;
    const command = nodeHookCommandForCmd(file, { guardrail: "gate", blocking: true });
    expect(command).toMatch(/^node -e [^\s"&|<>^%]+$/);
    const code = command.slice("node -e ".length);
    const r = await execa(process.execPath, ["-e", code], {
      env: { PATH: process.env.PATH ?? "", HOOK_ROOT: root },
      extendEnv: false,
      reject: false,
    });
    expect({ exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr }).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: reason(root),
    });
  });
});
