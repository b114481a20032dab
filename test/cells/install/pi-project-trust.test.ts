// Pi's project trust (0.79 and later): a project's .pi/extensions load only in a trusted project, and `pi -p` cannot
// ask, so it skips them without a word. `hookrail install merge-gate --cli pi --scope project` in a project Pi does
// not trust yet says so and names the one command that trusts it; doctor says the same. Untrusted, the merge runs
// (what hookrail warned of); trusted the way the install says (`pi` there, "Trust" at its prompt) or for one run
// (`pi -p --approve`), the merge is blocked.
import fs from "node:fs";
import path from "node:path";
import { expect, inject } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { requireCli } from "../../src/clis.ts";
import { cliPath, command } from "../../src/runner/bridge-clis.ts";
import type { Session } from "../../src/runner/session.ts";
import { startPane } from "../../src/runner/tmux.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const merge: Scenario = { prompt: "PR 12 is green. Merge it.", steps: [{ kind: "shell", command: "gh pr merge 12" }] };

/** The environment of the user's own commands: Pi (and its Node) on PATH. */
const userEnv = (s: Session) => {
  const pi = requireCli("pi");
  return { ...s.env, PATH: cliPath(pi, [path.dirname(pi.bin), s.env.PATH].join(path.delimiter), s.rd.bin) };
};

/** The packed hookrail, as the user runs it in the project; a failing command is recorded, not thrown. */
async function hookrail(s: Session, args: string[]): Promise<void> {
  await s
    .run(inject("hookrailBin"), args, { env: userEnv(s), label: `hookrail ${args.join(" ")}` })
    .catch(() => undefined);
}

/** What the install note says to run, done as a user does it: `pi` in the project, Enter on "Trust", then quit. */
async function trustAtPisPrompt(s: Session): Promise<void> {
  const [file, head] = command(requireCli("pi"));
  const pane = await startPane({
    dir: path.join(s.rd.root, "tmux-trust"),
    cwd: s.rd.project,
    env: { ...userEnv(s), TERM: "xterm-256color" },
    command: [file, ...head, "--provider", "mock", "--model", "mock-model"],
  });
  const trustFile = path.join(s.rd.home, ".pi", "agent", "trust.json");
  const until = async (what: string, done: () => Promise<boolean> | boolean) => {
    for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
      if (await done()) return;
    throw new Error(`pi (interactive): ${what} never happened; the screen:\n${await pane.screen(true)}`);
  };
  try {
    await until("the trust prompt", async () => (await pane.screen()).includes("Trust project folder?"));
    await pane.keys("Enter");
    await until("trust.json saved", () => fs.existsSync(trustFile));
    // Keys sent while the session starts are lost: quit once its editor is there.
    await until("the session's editor", async () => /escape interrupt/.test(await pane.screen()));
    await pane.keys("C-d");
    await until("pi's exit", async () => (await pane.exitStatus()) !== null);
    s.setup.push({ cmd: "pi (interactive): Trust", exitCode: 0, output: fs.readFileSync(trustFile, "utf8") });
  } finally {
    await pane.close();
  }
}

const step = (r: RunReport, label: RegExp) => r.setup.find((st) => label.test(st.cmd));

const installSaid = (said: RegExp): Cell => ({
  name: "hookrail install --scope project said so, and what to run",
  check(r) {
    const install = step(r, /^hookrail install merge-gate --cli pi --scope project/);
    expect(install?.exitCode, JSON.stringify(r.setup)).toBe(0);
    expect(install?.output).toMatch(said);
  },
});
const doctorSaid = (exitCode: number, said: RegExp): Cell => ({
  name: exitCode ? "hookrail doctor says Pi will skip the extension, and the fix" : "hookrail doctor: it will run",
  check(r) {
    const doctor = step(r, /^hookrail doctor/);
    expect(doctor?.exitCode, doctor?.output).toBe(exitCode);
    expect(doctor?.output).toMatch(said);
  },
});
const blocked: Cell = {
  name: "gh pr merge 12 does not run; the model is told why",
  check(r) {
    const c = call(r, 0);
    expectNotRun(c);
    expect(c.feedback ?? "", describeCall(c)).toMatch(/^merge-gate: blocked/);
  },
};

const NOT_TRUSTED =
  /load \.pi\/extensions only in a trusted project, and this one is not yet: run cd ".*" && pi once and choose "Trust"/;

const rows: CellRow[] = [
  {
    cli: "pi",
    variant: "project scope, project not trusted",
    scenario: merge,
    installNothing: true,
    bridge: {
      async afterInstall(s) {
        await hookrail(s, ["install", "merge-gate", "--cli", "pi", "--scope", "project"]);
        await hookrail(s, ["doctor"]);
      },
    },
    cells: [
      installSaid(NOT_TRUSTED),
      doctorSaid(1, /Pi skips .*\.pi\/extensions \(hookrail-merge-gate with them\)[\s\S]*-> run cd ".*" && pi/),
      {
        name: "as warned, Pi skips the extension without a word: the merge runs",
        check(r) {
          expectRan(call(r, 0));
          expect(r.stderr).toBe("");
        },
      },
    ],
  },
  {
    cli: "pi",
    variant: "project scope, trusted at Pi's prompt as the install says",
    scenario: merge,
    installNothing: true,
    timeoutMs: 120_000,
    bridge: {
      async afterInstall(s) {
        await hookrail(s, ["install", "merge-gate", "--cli", "pi", "--scope", "project"]);
        await trustAtPisPrompt(s);
        await hookrail(s, ["doctor"]);
      },
    },
    cells: [installSaid(NOT_TRUSTED), doctorSaid(0, /pi project .* merge-gate: installed.*will run/), blocked],
  },
  {
    cli: "pi",
    variant: "project scope, pi -p --approve",
    scenario: merge,
    installNothing: true,
    bridge: {
      afterInstall: (s) => hookrail(s, ["install", "merge-gate", "--cli", "pi", "--scope", "project"]),
      args: ["--approve"],
    },
    cells: [blocked],
  },
];
defineCells(repoSource("merge-gate"), rows);
