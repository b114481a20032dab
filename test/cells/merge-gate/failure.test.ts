// merge-gate × Claude Code when its hook cannot run: node missing from the hooks' PATH, the installed bundle
// gone, the hook killed by its timeout. The tool hook carries onFailure "block", so the merge must not run and
// the reason the user and the model see must say what failed; for a bundle that has gone, the hook command's own
// loader says so and names the fix, with or without onFailure. Every other CLI with a runner: the installed
// bundle gone blocks the merge with the fix named (the loader in its hook command, Cline's dispatcher), and after
// `hookrail update` an honest `ls` runs and the merge is blocked by the gate itself.
import fs from "node:fs";
import path from "node:path";
import { expect, inject } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { type CliName, requireCli } from "../../src/clis.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const scenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [{ kind: "shell", command: "gh pr merge 12" }],
};

/**
 * Every file of that name the install put in the run's world (Claude's plugin cache, hookrail's copy, each
 * CLI's hook folder); `anywhere`: not only under a folder named merge-gate (Copilot's is hookrail-merge-gate).
 */
function installed(s: Session, name: string, anywhere = false): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && p !== s.rd.project) walk(p);
      else if (e.name === name && (anywhere || p.includes(`${path.sep}merge-gate${path.sep}`))) out.push(p);
    }
  };
  walk(s.rd.root);
  return out;
}

/** A PATH with everything /usr/bin and /bin hold but node. */
function pathWithoutNode(s: Session): void {
  const dir = path.join(s.rd.root, "no-node-bin");
  fs.mkdirSync(dir);
  for (const from of ["/usr/bin", "/bin"]) {
    for (const name of fs.readdirSync(from)) {
      if (/^node/.test(name) || fs.existsSync(path.join(dir, name))) continue;
      fs.symlinkSync(path.join(from, name), path.join(dir, name));
    }
  }
  s.env.PATH = [s.rd.bin, dir].join(":");
}

function removeBundle(s: Session): void {
  const bundles = installed(s, "merge-gate.cjs");
  expect(bundles.length, "no installed merge-gate.cjs found").toBeGreaterThan(0);
  for (const b of bundles) fs.rmSync(b);
}

/** The bundle never answers; the hook's timeout is cut to 3 s so the run stays short. */
function hangingHook(s: Session): void {
  for (const b of installed(s, "merge-gate.cjs")) fs.writeFileSync(b, "setTimeout(() => {}, 120000);\n");
  for (const h of installed(s, "hooks.json")) {
    fs.writeFileSync(h, fs.readFileSync(h, "utf8").replace(/"timeout": 10/g, '"timeout": 3'));
  }
}

const blocked = (failure: RegExp): Cell[] => [
  {
    name: "`gh pr merge 12` does not run, and the reason says the hook failed",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain('blocking because onFailure is "block"');
      expect(c.feedback ?? "", describeCall(c)).toMatch(failure);
    },
  },
];

/** The hook command's own loader answers for a file that has gone: blocked, with what is wrong and the fix. */
const loaderBlocks: Cell[] = [
  {
    name: "`gh pr merge 12` does not run, and the reason names the missing file and `npx hookrail update`",
    check(r) {
      const c = call(r, 0);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toMatch(
        /merge-gate: blocked because its hook file \S*merge-gate\.cjs is missing, so nothing was checked\. Run npx hookrail update/,
      );
    },
  },
];

/** The same break without onFailure: what every hook did before the field (and does in older Claude Code). */
function removeBundleAndOnFailure(s: Session): void {
  removeBundle(s);
  for (const h of installed(s, "hooks.json")) {
    fs.writeFileSync(h, fs.readFileSync(h, "utf8").replace(/,\s*"onFailure": "block"/g, ""));
  }
}

const rows: CellRow[] = [
  {
    cli: "claude",
    variant: "node missing from the hooks' PATH",
    scenario,
    cells: blocked(/node: not found/),
    afterInstall: pathWithoutNode,
  },
  {
    cli: "claude",
    variant: "installed bundle gone",
    scenario,
    cells: loaderBlocks,
    afterInstall: removeBundle,
  },
  {
    cli: "claude",
    variant: "hook killed by its timeout",
    scenario,
    cells: blocked(/merge-gate\.cjs"\]: timed out/),
    afterInstall: hangingHook,
  },
  {
    cli: "claude",
    variant: "bundle gone, onFailure taken out",
    scenario,
    // Before the hook command loaded the file itself, this let the merge run: the loader blocks on its own.
    cells: loaderBlocks,
    afterInstall: removeBundleAndOnFailure,
  },
];
/** The CLIs whose hooks are commands, each with a runner: their bundle gone, then put back by `hookrail update`. */
const COMMAND_HOOK_CLIS: CliName[] = ["gemini", "codex", "copilot", "qwen", "droid", "kimi", "cline"];

const LS_THEN_MERGE: Scenario = {
  prompt: "List the files, then merge PR 12.",
  steps: [
    { kind: "shell", command: "ls" },
    { kind: "shell", command: "gh pr merge 12" },
  ],
};

function removeEveryBundle(s: Session): string[] {
  const bundles = installed(s, "merge-gate.cjs", true);
  expect(bundles.length, "no installed merge-gate.cjs found").toBeGreaterThan(0);
  for (const b of bundles) fs.rmSync(b);
  return bundles;
}

/** The bundle gone, then `hookrail update` as the reason says; what it did not put back, for the cell. */
function updatedAfterRemoval(cli: CliName) {
  const notBack: string[] = [];
  const cells: Cell[] = [
    {
      name: "hookrail update put every deleted bundle back",
      check: () => expect(notBack).toEqual([]),
    },
    { name: "after hookrail update, an honest ls runs", check: (r) => expectRan(call(r, 0)) },
    {
      name: "after hookrail update, gh pr merge 12 is blocked by the gate itself",
      check(r) {
        const c = call(r, 1);
        expectNotRun(c);
        expect(c.feedback ?? "", describeCall(c)).not.toMatch(/is missing/);
        expect(c.feedback ?? "", describeCall(c)).toMatch(/merge-gate/);
      },
    },
  ];
  return {
    cli,
    variant: "installed bundle gone, then hookrail update",
    scenario: LS_THEN_MERGE,
    timeoutMs: 240_000,
    cells,
    async afterInstall(s: Session) {
      const bundles = removeEveryBundle(s);
      // The CLI on PATH, as for the install: hookrail update uses its own commands where it has them.
      const env = { ...s.env, PATH: `${path.dirname(requireCli(cli).bin)}:${s.env.PATH}` };
      await s.run(inject("hookrailBin"), ["update"], { cwd: s.rd.project, env, label: "hookrail update" });
      notBack.push(...bundles.filter((b) => !fs.existsSync(b)));
    },
  } satisfies CellRow;
}

for (const cli of COMMAND_HOOK_CLIS) {
  rows.push(
    {
      cli,
      variant: "installed bundle gone",
      scenario,
      cells: loaderBlocks,
      afterInstall: (s: Session) => void removeEveryBundle(s),
    },
    updatedAfterRemoval(cli),
  );
}

/**
 * The bundle's own file beside the installed hook file gone: the hook file's loader blocks every event it is given,
 * the prompt's included (it has not read the event), saying why, and nothing runs.
 */
const bundleFileBlocks: Cell[] = [
  {
    name: "gh pr merge 12 never runs",
    check: (r) => expect(r.fakeCalls.filter((c) => c.name === "gh").map((c) => c.argv.join(" "))).toEqual([]),
  },
  {
    name: "the CLI shows the reason: the bundle's file is missing",
    check: (r) =>
      expect(`${r.stdout}\n${r.stderr}\n${r.mainTexts.join("\n")}`).toMatch(
        /merge-gate: blocked because the hook could not start \(the bundle \S*merge-gate\.bundle is missing or unreadable\)/,
      ),
  },
];

function removeEveryBundleFile(s: Session): void {
  const files = installed(s, "merge-gate.bundle", true);
  expect(files.length, "no installed merge-gate.bundle found").toBeGreaterThan(0);
  for (const f of files) fs.rmSync(f);
}

// Codex 0.171.0 exec stopped at the blocked prompt without printing the hook's reason (measured with this row), so only
// Claude Code and Gemini CLI are checked for it.
for (const cli of ["claude", "gemini"] as const)
  rows.push({
    cli,
    variant: "the file of the installed bundle gone",
    scenario,
    cells: bundleFileBlocks,
    afterInstall: removeEveryBundleFile,
  });

defineCells(repoSource("merge-gate"), rows);
