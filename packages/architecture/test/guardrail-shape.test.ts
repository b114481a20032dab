// Every guardrail package has one shape (docs/architecture.md#a-guardrail-package); the check itself is
// tried on a small package made to deviate one way at a time.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CLI_NAMES } from "@hookrail/core";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { shapeProblems } from "./_guardrail-shape.ts";

const packages = readdirSync(join(repoRoot, "packages")).filter((dir) =>
  existsSync(join(repoRoot, "packages", dir, "src", "manifest.ts")),
);

describe.each(packages)("guardrail package %s", (name) => {
  it("has the guardrail shape", () => {
    expect(shapeProblems(join(repoRoot, "packages", name), name, CLI_NAMES)).toEqual([]);
  });
});

// A package in the shape, for the CLIs claude and gemini.
const GOOD: Record<string, string> = {
  "src/manifest.ts": "export const manifest = {};\n",
  "src/options.ts": "export const options = {};\n",
  "src/decide.ts": `import { allow, type Decision } from "@hookrail/core";
import type { Checkout } from "@hookrail/core/git-fast";
import { words } from "./words.ts";
export function decideToyGate(facts: ToyFacts, options: ToyOptions): Decision {
  return words(facts) ? allow() : allow();
}
`,
  "src/words.ts": 'import { posix } from "node:path";\nexport const words = (x: unknown) => posix.sep + String(x);\n',
  "src/facts.ts": 'import { readFileSync } from "node:fs";\nexport const gatherFacts = () => readFileSync("x");\n',
  "src/record.ts": 'import { writeFileSync } from "node:fs";\nexport const remember = () => writeFileSync("x", "");\n',
  "src/guardrail.ts": 'import { decideToyGate } from "./decide.ts";\nimport { gatherFacts } from "./facts.ts";\n',
};

function toyPackage(change: Record<string, string | null>): string {
  const dir = tempDir("hookrail-shape-");
  for (const [file, text] of Object.entries({ ...GOOD, ...change })) {
    if (text === null) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("the shape check", () => {
  it("finds nothing wrong with a package in the shape", () => {
    expect(shapeProblems(toyPackage({}), "toy-gate", ["claude", "gemini"])).toEqual([]);
  });

  it.each<[string, Record<string, string | null>, string[]]>([
    ["no decide.ts", { "src/decide.ts": null }, ["missing src/decide.ts"]],
    [
      "a file of its own per CLI",
      { "src/entries/claude.ts": 'import { claudeAdapter } from "@hookrail/claude";\n' },
      [
        "src/entries/ exists: the build writes each CLI's entry itself",
        "src/entries/claude.ts imports @hookrail/claude: a guardrail knows no CLI",
      ],
    ],
    [
      "a decision named otherwise",
      { "src/decide.ts": "export function decide(facts: F, options: O): D {}\n" },
      ["src/decide.ts does not export decideToyGate(facts: …, options: …)"],
    ],
    [
      "a decision without options",
      { "src/decide.ts": "export function decideToyGate(facts: F): D {}\n" },
      ["src/decide.ts does not export decideToyGate(facts: …, options: …)"],
    ],
    [
      "a decision that reads a file",
      { "src/decide.ts": `import { readFileSync } from "node:fs";\n${GOOD["src/decide.ts"]}` },
      ["the decision's src/decide.ts imports node:fs"],
    ],
    [
      "a decision whose helper starts git",
      { "src/words.ts": 'import { gitExec } from "@hookrail/core/git-fast";\nexport const words = gitExec;\n' },
      ["the decision's src/words.ts imports @hookrail/core/git-fast"],
    ],
    [
      "a decision that loads execa or simple-git lazily",
      { "src/words.ts": 'export const words = () => import("execa");\nrequire("simple-git");\n' },
      ["the decision's src/words.ts imports execa", "the decision's src/words.ts imports simple-git"],
    ],
    [
      "facts.ts that records",
      { "src/facts.ts": 'import { writeFileSync } from "node:fs";\nexport const f = () => writeFileSync("x", "");\n' },
      ["src/facts.ts writes (recording belongs in src/record.ts)"],
    ],
    [
      "facts.ts that writes state",
      { "src/facts.ts": "export const f = (c) => guardrailState(c).set('ns', 'k', 1);\n" },
      ["src/facts.ts writes (recording belongs in src/record.ts)"],
    ],
    [
      "a guardrail that decides without facts.ts",
      { "src/guardrail.ts": 'import { decideToyGate } from "./decide.ts";\n' },
      ["src/guardrail.ts does not use ./facts.ts"],
    ],
    [
      "decision code that takes the CLIs' adapters (their places are data it may read)",
      {
        "src/words.ts":
          'import { CLIS } from "@hookrail/clis";\nimport { PLACES } from "@hookrail/clis/places";\nexport const words = () => [CLIS, PLACES];\n',
      },
      ["src/words.ts imports @hookrail/clis: a guardrail knows no CLI"],
    ],
  ])("%s", (_name, change, problems) => {
    const dir = toyPackage(change);
    expect(shapeProblems(dir, "toy-gate", ["claude", "gemini"])).toEqual(problems);
    rmSync(dir, { recursive: true, force: true });
  });
});
