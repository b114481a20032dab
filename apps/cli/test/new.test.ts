// `hookrail new`: what it writes and what it refuses. That a new package passes npm test, builds and runs in
// a real CLI is shown end to end in scaffold-workspace.test.ts.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { shapeProblems } from "@hookrail/architecture/guardrail-shape";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";
import { adapters } from "../src/registry.ts";

async function hookrailNew(root: string, name: string, ...flags: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(["new", name, ...flags], {
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
  mkdirSync(join(root, "test", "cells"), { recursive: true });
  for (const entry of ["tsconfig.base.json", "vitest.shared.ts", "biome.json", "scripts", "node_modules"]) {
    symlinkSync(join(repoRoot, entry), join(root, entry));
  }
  return root;
}

describe("hookrail new", () => {
  it("depends on the versions the workspace has now, and holds no file of any CLI's (the build joins them)", async () => {
    const root = scratchRepo();
    expect((await hookrailNew(root, "pinned")).code).toBe(0);
    const pkg = JSON.parse(readFileSync(join(root, "packages", "pinned", "package.json"), "utf8"));
    const own = (name: string) => JSON.parse(readFileSync(join(repoRoot, "packages", name, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({ "@hookrail/core": own("core").version, zod: own("core").dependencies.zod });
    expect(pkg.devDependencies).toEqual({
      "@hookrail/clis": own("clis").version,
      "@hookrail/test-utils": own("test-utils").version,
    });
    expect(existsSync(join(root, "packages", "pinned", "src", "entries"))).toBe(false);
  });

  it.each([
    ["publish-gate", [], { patterns: ["publish"], approvalVariable: "PUBLISH_APPROVED" }],
    ["npm-publish-gate", [], { patterns: ["npm publish"], approvalVariable: "NPM_PUBLISH_APPROVED" }],
    ["gate", [], { patterns: ["gate"], approvalVariable: "GATE_APPROVED" }],
    [
      "release-gate",
      ["--pattern", "npm publish", "--pattern", "yarn npm publish", "--approval-var", "RELEASE_OK"],
      { patterns: ["npm publish", "yarn npm publish"], approvalVariable: "RELEASE_OK" },
    ],
  ])("a command gate %s %j gates %j", async (name, flags, gate) => {
    const root = scratchRepo();
    expect((await hookrailNew(root, name, "--kind", "command-gate", ...flags)).code).toBe(0);
    const text = readFileSync(join(root, "packages", name, "src", "gate.ts"), "utf8");
    expect(text).toContain(`patterns: ${JSON.stringify(gate.patterns).replaceAll(",", ", ")},`);
    expect(text).toContain(`approvalVariable: "${gate.approvalVariable}",`);
    const pkg = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
    expect(Object.keys(pkg.dependencies)).toEqual(["@hookrail/core", "@hookrail/shell", "zod"]);
    const cell = readFileSync(join(root, "test", "cells", name, `${name}.test.ts`), "utf8");
    expect(cell).toContain(`import { gate } from "@hookrail/${name}";`);
  });

  it.each([["basic"], ["command-gate"]])("writes a %s package in the guardrail shape", async (kind) => {
    const root = scratchRepo();
    expect((await hookrailNew(root, "shaped", "--kind", kind)).code).toBe(0);
    expect(shapeProblems(join(root, "packages", "shaped"), "shaped", Object.keys(adapters))).toEqual([]);
  });

  it.each([["basic"], ["command-gate"]])(
    "puts a %s kind's cells in test/cells/<name>/, importing the suite's own files",
    async (kind) => {
      const root = scratchRepo();
      expect((await hookrailNew(root, "placed", "--kind", kind)).code).toBe(0);
      const text = readFileSync(join(root, "test", "cells", "placed", "placed.test.ts"), "utf8");
      const relative = [...text.matchAll(/from "(\.[^"]+)"/g)].map((m) => m[1] ?? "");
      expect(relative.length).toBeGreaterThan(0);
      // Resolved from where the file would be in this repository: each names a file of the suite.
      const folder = join(repoRoot, "test", "cells", "placed");
      for (const specifier of relative) expect(existsSync(resolve(folder, specifier)), specifier).toBe(true);
    },
  );

  it.each([
    [[""], /give the new guardrail a name/],
    [["Bad_Name"], /give the new guardrail a name/],
    [["x", "--kind", "nope"], /unknown kind "nope"; choose one of: basic, command-gate/],
    [["x", "--pattern", "npm publish"], /--pattern and --approval-var are for --kind command-gate/],
    [
      ["x", "--kind", "command-gate", "--pattern", "npm 'publish'"],
      /--pattern "npm 'publish'": a command and its words/,
    ],
    [["x", "--kind", "command-gate", "--pattern", "A=1 npm"], /--pattern "A=1 npm"/],
    [["x", "--kind", "command-gate", "--approval-var", "1X"], /--approval-var "1X": a shell variable name/],
  ])("refuses %j", async ([name = "", ...flags], message) => {
    const result = await hookrailNew(tempDir(), name, ...flags);
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
