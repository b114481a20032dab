// A new guardrail, end to end, as a user makes one in their fork: in a throwaway copy of this repository,
// `npm run new` scaffolds it (building the command first), the user changes only its pattern list, and then
// what `npm test` runs on it passes, the build picks it up, the built `hookrail try` answers with the new
// code (never a stale build), and its generated real-CLI cell passes in a real CLI (Claude Code here; the
// suite's `npm run test:real` runs it in every CLI). Slow (minutes): every step is a real tool run.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv, linkNewWorkspaces, workspaceCopy } from "./_workspace-copy.ts";

interface Kind {
  name: string;
  args: string[];
  /** The user's one edit, if any: the file, and the text replacing the match. */
  edit?: { file: string; match: RegExp; text: string };
  /** Commands for `hookrail try` and whether the gate blocks them. */
  tries: [string, "BLOCKED" | "ALLOWED"][];
}

const KINDS: Kind[] = [
  {
    name: "publish-gate",
    args: ["--kind", "command-gate"],
    // The user's one change: which commands to gate (the approval variable stays PUBLISH_APPROVED, from the name).
    edit: {
      file: "src/gate.ts",
      match: /patterns: \[.*\],/,
      text: 'patterns: ["npm publish", "pnpm publish", "yarn npm publish"],',
    },
    tries: [
      ["npm publish", "BLOCKED"],
      ["PUBLISH_APPROVED=1 npm publish", "ALLOWED"],
      ["PUBLISH_APPROVED=1 sudo npm publish", "BLOCKED"],
      ["sh -c 'yarn npm publish --access public'", "BLOCKED"],
      ["npm test", "ALLOWED"],
    ],
  },
  {
    name: "no-rm-root",
    args: [],
    tries: [
      ["rm -rf /", "BLOCKED"],
      ["ls -la", "ALLOWED"],
    ],
  },
];

const MINUTE = 60_000;
let root = "";
const run = (file: string, args: string[], cwd = root) =>
  execa(file, args, { cwd, env: cleanEnv(), extendEnv: false, reject: false, stdin: "ignore", all: true });

beforeAll(async () => {
  root = workspaceCopy();
  // The documented way: builds the command, then scaffolds (a second package: the command is built).
  const [first, ...others] = KINDS;
  if (!first) return;
  const made = await run("npm", ["run", "new", "--", first.name, ...first.args]);
  expect(made.exitCode, made.all).toBe(0);
  for (const kind of others) {
    const again = await run(process.execPath, ["apps/cli/dist/hookrail.mjs", "new", kind.name, ...kind.args]);
    expect(again.exitCode, again.all).toBe(0);
  }
  for (const { name, edit } of KINDS) {
    if (!edit) continue;
    const file = join(root, "packages", name, edit.file);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(edit.match);
    writeFileSync(file, text.replace(edit.match, edit.text));
  }
  linkNewWorkspaces(root);
}, 5 * MINUTE);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("a new guardrail in a copy of the repository", () => {
  it("passes the linter on the whole repository, as npm test runs it", { timeout: 2 * MINUTE }, async () => {
    const biome = await run("npx", ["biome", "check", "."]);
    expect(biome.exitCode, biome.all).toBe(0);
  });

  it("each new package passes its type check and its tests, as npm test runs them", {
    timeout: 3 * MINUTE,
  }, async () => {
    const filters = KINDS.map((k) => `--filter=@hookrail/${k.name}`);
    const turbo = await run("npx", ["turbo", "run", "typecheck", "test", ...filters]);
    expect(turbo.exitCode, turbo.all).toBe(0);
    const output = stripVTControlCharacters(turbo.all);
    for (const { name } of KINDS) expect(output).toMatch(new RegExp(`@hookrail/${name}:test: +Tests +\\d+ passed`));
  });

  it("is built, and the built hookrail try answers with its code", { timeout: 4 * MINUTE }, async () => {
    const build = await run("npx", ["turbo", "run", "build", "--filter=hookrail"]);
    expect(build.exitCode, build.all).toBe(0);
    for (const { name, tries } of KINDS) {
      for (const [command, outcome] of tries) {
        const tried = await run(process.execPath, ["apps/cli/dist/hookrail.mjs", "try", name, "--", command]);
        expect(tried.stdout, `${name}: ${command}`).toMatch(new RegExp(`^${outcome}$`, "m"));
        expect(tried.exitCode, `${name}: ${command}`).toBe(outcome === "BLOCKED" ? 3 : 0);
      }
    }
  });

  // The suite's type check covers the command's generated registry (through hookrail/testing) and the cells.
  it("is known to the command: the suite type-checks with it, and the conventions, shape, registry and dependency tests pass", {
    timeout: 4 * MINUTE,
  }, async () => {
    const types = await run("npx", ["turbo", "run", "typecheck", "--filter=@hookrail/conformance"]);
    expect(types.exitCode, types.all).toBe(0);
    const suites: [string, string[]][] = [
      [join("apps", "cli"), ["guardrails-registry"]],
      [join("packages", "architecture"), ["conventions", "guardrail-shape", "dependency-rules", "import-graph"]],
    ];
    for (const [dir, names] of suites) {
      const tests = await run("npx", ["vitest", "run", ...names.map((t) => `test/${t}.test.ts`)], join(root, dir));
      expect(tests.exitCode, tests.all).toBe(0);
    }
  });

  it("passes its generated real-CLI cells in Claude Code", { timeout: 6 * MINUTE }, async () => {
    const cells = KINDS.map((k) => `cells/${k.name}/${k.name}.test.ts`);
    const real = await execa("npx", ["vitest", "run", "--config", "vitest.real.config.ts", ...cells], {
      cwd: join(root, "test"),
      env: { ...cleanEnv(), HOOKRAIL_CLIS: "claude" },
      extendEnv: false,
      reject: false,
      stdin: "ignore",
      all: true,
    });
    expect(real.exitCode, real.all).toBe(0);
    const table = stripVTControlCharacters(real.all);
    for (const { name } of KINDS) expect(table).toMatch(new RegExp(`^${name} .* pass `, "m"));
  });
});
