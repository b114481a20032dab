// `hookrail new` must produce a package that type-checks, passes its own test and bundles.
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";

async function hookrailNew(root: string, name: string) {
  let stdout = "";
  let stderr = "";
  const code = await main(["new", name], {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: { HOOKRAIL_REPO_ROOT: root },
    cwd: root,
  });
  return { code, stdout, stderr };
}

/** A repository-shaped folder borrowing this repository's config, scripts and installed packages. */
function scratchRepo(): string {
  const root = tempDir();
  mkdirSync(join(root, "packages"));
  for (const entry of ["tsconfig.base.json", "vitest.shared.ts", "scripts", "node_modules"]) {
    symlinkSync(join(repoRoot, entry), join(root, entry));
  }
  return root;
}

describe("hookrail new", () => {
  it("scaffolds a guardrail that type-checks, passes its test and bundles for every CLI", {
    timeout: 120_000,
  }, async () => {
    const root = scratchRepo();
    const result = await hookrailNew(root, "no-rm-root");
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining("created") });
    const dir = join(root, "packages", "no-rm-root");
    const tsc = await execa("npx", ["tsc", "--noEmit", "-p", dir], { cwd: root, reject: false });
    expect(tsc.stdout + tsc.stderr).toBe("");
    const vitest = await execa("npx", ["vitest", "run"], { cwd: dir, reject: false });
    expect(vitest.exitCode, vitest.stdout).toBe(0);
    const esbuild = await execa(
      "npx",
      [
        "esbuild",
        "src/entries/codex.ts",
        "--bundle",
        "--platform=node",
        "--format=esm",
        "--conditions=@hookrail/source",
        "--outfile=out.mjs",
      ],
      { cwd: dir, reject: false },
    );
    expect(esbuild.exitCode, esbuild.stderr).toBe(0);
    const hook = await execa(process.execPath, [join(dir, "out.mjs")], {
      input: JSON.stringify({
        hook_event_name: "PreToolUse",
        cwd: root,
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      }),
      reject: false,
    });
    expect(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it.each([
    ["", /give the new guardrail a name/],
    ["Bad_Name", /give the new guardrail a name/],
  ])("refuses the name %j", async (name, message) => {
    const result = await hookrailNew(tempDir(), name);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("never overwrites an existing package", async () => {
    const root = scratchRepo();
    expect((await hookrailNew(root, "twice")).code).toBe(0);
    const again = await hookrailNew(root, "twice");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(existsSync(join(root, "packages", "twice", "src", "decide.ts"))).toBe(true);
  });
});
