// `hookrail new` must produce a package that type-checks, passes its own test and bundles.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";
import { adapters } from "../src/registry.ts";
import { shapeProblems } from "./_guardrail-shape.ts";

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
  for (const entry of ["tsconfig.base.json", "vitest.shared.ts", "biome.json", "scripts", "node_modules"]) {
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
    expect(shapeProblems(dir, "no-rm-root", Object.keys(adapters))).toEqual([]);
    // What npm test runs on every package: the linter, the type check and its tests, untouched.
    const biome = await execa("npx", ["biome", "check", "--vcs-enabled=false", "packages/no-rm-root"], {
      cwd: root,
      reject: false,
    });
    expect(biome.exitCode, biome.stdout + biome.stderr).toBe(0);
    const tsc = await execa("npx", ["tsc", "--noEmit"], { cwd: dir, reject: false });
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

  it("depends on the versions the workspace has now, and has an entry for every CLI", async () => {
    const root = scratchRepo();
    expect((await hookrailNew(root, "pinned")).code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(root, "packages", "pinned", "package.json"), "utf8"));
    const own = (name: string) => JSON.parse(readFileSync(join(repoRoot, "packages", name, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({ "@hookrail/core": own("core").version, zod: own("core").dependencies.zod });
    for (const cli of Object.keys(adapters)) {
      expect(pkg.devDependencies[`@hookrail/${cli}`]).toBe(own(cli).version);
      expect(existsSync(join(root, "packages", "pinned", "src", "entries", `${cli}.ts`)), cli).toBe(true);
    }
    expect(pkg.devDependencies["@hookrail/test-utils"]).toBe(own("test-utils").version);
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
