// merge-gate's two extra layers in the real CLIs:
// - the git pre-push hook (`hookrail install merge-gate --git-hook`) refuses `git push origin HEAD:main`
//   that the CLI really ran: the agent hooks are switched off in the user's config, so only git stands
//   between the command and the remote (a bare repository in the project); Gemini CLI switches git
//   hooks off in its shell, which its row records;
// - approval mode "ask" in Claude Code's headless run;
// - approval mode "user": an approval the user typed lets the merge run once; one the agent wrote does not.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { execa } from "execa";
import { main } from "hookrail/testing";
import { expect } from "vitest";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, describeCall, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { PLUGINS_ROOT, repoSource } from "../../src/cells/shipped.ts";
import type { CliName } from "../../src/clis.ts";
import type { Session } from "../../src/runner/session.ts";
import type { RunReport } from "../../src/runner/types.ts";
import type { Scenario } from "../../src/scenario.ts";

const CLIS: CliName[] = ["claude", "gemini", "codex"];
const REMOTE = ".remote.git";

/** The user's hookrail config for the run. */
function userConfig(s: Session, config: unknown): void {
  const dir = path.join(s.env.XDG_CONFIG_HOME as string, "hookrail");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "config.json"), JSON.stringify(config));
}

/** A bare remote inside the project (so the report's project files show its refs), main pushed, the git hook installed. */
async function remoteWithGitHook(s: Session): Promise<void> {
  const git = (...args: string[]) => execa("git", args, { cwd: s.rd.project, env: s.env, extendEnv: false });
  await git("init", "-q", "--bare", "-b", "main", REMOTE);
  fs.appendFileSync(path.join(s.rd.project, ".git", "info", "exclude"), `${REMOTE}/\n`);
  await git("remote", "add", "origin", path.join(s.rd.project, REMOTE));
  await git("push", "-q", "origin", "main");
  let output = "";
  const argv = ["install", "merge-gate", "--git-hook"];
  const exitCode = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (output += t) },
    stderr: { write: (t: string) => (output += t) },
    env: { ...s.env, HOOKRAIL_PLUGINS_DIR: path.join(PLUGINS_ROOT, "plugins") },
    cwd: s.rd.project,
  });
  s.setup.push({ cmd: `hookrail ${argv.join(" ")}`, exitCode, output: output.trim() });
  if (exitCode !== 0) throw new Error(`hookrail ${argv.join(" ")} failed:\n${output}`);
}

const remoteRef = (r: RunReport, branch: string): string | undefined =>
  r.projectFiles[`${REMOTE}/refs/heads/${branch}`]?.trim();

// --- the git pre-push layer --------------------------------------------------------------------------

const prePush: Scenario = {
  prompt: "Commit the work and land it on main.",
  steps: [
    // Identity on the command line: Gemini CLI's shell does not see the run's ~/.gitconfig.
    {
      kind: "shell",
      command: "git -c user.name=Agent -c user.email=agent@example.invalid commit -q --allow-empty -m work",
    },
    { kind: "shell", command: "git push origin HEAD:main" },
    // No $(…): Gemini CLI refuses command substitution in its shell tool.
    { kind: "shell", command: "git fetch -q origin && git rev-list --count origin/main..HEAD" },
    { kind: "shell", command: "git push origin HEAD:feature/x" },
    { kind: "shell", command: "MERGE_APPROVED=1 git push origin HEAD:main" },
  ],
};

const prePushCells: Cell[] = [
  {
    name: "pre-push: `git push origin HEAD:main` reaches git (agent hooks off) and git's pre-push hook refuses it",
    check(r) {
      const c = call(r, 1);
      expectRan(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("hookrail merge-gate: push to origin refused");
      expect(c.feedback ?? "", describeCall(c)).toContain("MERGE_APPROVED=1");
    },
  },
  {
    name: "pre-push: after the refusal the remote's main still lacks the commit",
    check(r) {
      const c = call(r, 2);
      expectRan(c);
      // One commit on HEAD that origin/main lacks (Gemini prefixes the output with "Output: ").
      expect(c.feedback ?? "", describeCall(c)).toMatch(/^(Output: )?1$/m);
    },
  },
  {
    name: "pre-push: a feature branch push lands, and `MERGE_APPROVED=1 git push origin HEAD:main` lands",
    check(r) {
      const feature = remoteRef(r, "feature/x");
      expect(feature, `remote refs: ${Object.keys(r.projectFiles).filter((p) => p.includes("refs/heads"))}`).toMatch(
        /^[0-9a-f]{40}$/,
      );
      expect(remoteRef(r, "main")).toBe(feature);
    },
  },
];

/**
 * Measured in Gemini CLI 0.61: its shell tool runs every command with GIT_CONFIG_KEY_<n>=core.hooksPath
 * set to "" (and GIT_CONFIG_GLOBAL=/dev/null), so git looks for hooks in "./" and runs none of the
 * repository's. This row keeps that fact checked: if a Gemini update lets hooks run, it fails.
 */
const geminiPrePushCells: Cell[] = [
  {
    name: "pre-push: Gemini CLI turns git hooks off in its shell (core.hooksPath=''), so the push to main lands there",
    check(r) {
      const c = call(r, 1);
      expectRan(c);
      expect(c.feedback ?? "", describeCall(c)).not.toContain("refused");
      expect(c.feedback ?? "", describeCall(c)).toMatch(/HEAD -> main/);
    },
  },
];

// --- approval mode ask (Claude Code) -----------------------------------------------------------------

const askScenario: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr merge 12" },
    { kind: "shell", command: "MERGE_APPROVED=1 gh pr merge 12" },
    { kind: "shell", command: "gh pr view 12" },
  ],
};

const askCells: Cell[] = [
  {
    name: "ask in -p (nobody to answer): `gh pr merge 12` does not run, with or without the marker",
    check(r) {
      for (const i of [0, 1]) {
        const c = call(r, i);
        expectNotRun(c);
        expect(c.feedback ?? "", describeCall(c)).toContain("merges a pull request");
      }
    },
  },
  {
    name: "ask in -p: Claude Code reports each merge as a permission denial decided by the hook; other commands run",
    check(r) {
      // Measured (2.1.332, stream-json): the hook's ask becomes {"subtype":"permission_denied","decision_reason_type":"hook"}.
      const denied = r.stdout
        .split("\n")
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        })
        .filter((e) => e.subtype === "permission_denied" && e.decision_reason_type === "hook")
        .map((e) => e.tool_use_id);
      expect(denied).toEqual([call(r, 0).id, call(r, 1).id]);
      expect(r.stdout).toContain('\\"permissionDecision\\":\\"ask\\"');
      expectRan(call(r, 2));
    },
  },
];

// In the terminal UI, where the user can answer: Bash is allowed in the settings (no permission prompt
// of its own), so a dialog for the merge can only come from the hook's ask; the user picks "Yes".
const askTui: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "gh pr view 12" },
    { kind: "shell", command: "gh pr merge 12" },
  ],
};

const askTuiCells: Cell[] = [
  {
    name: "ask in the terminal UI: the merge waits for the user's answer in a dialog showing the gate's reason, then runs",
    check(r) {
      expectRan(call(r, 0));
      // Measured (2.1.332): "Hook PreToolUse:Bash requires confirmation for this command: <reason>", then "Do you want to proceed?".
      expect(r.stdout).toMatch(
        /requires confirmation for this command:[\s│]*merge-gate: `gh pr merge 12` merges a pull request/,
      );
      expect(r.stdout).toContain("Do you want to proceed?");
      expect(r.stderr).toMatch(/answers given: 1 @/);
      expectRan(call(r, 1));
    },
  },
];

// --- approval mode user ------------------------------------------------------------------------------

const MERGE = "MERGE_APPROVED=1 gh pr merge 12";

const typedByUser: Scenario = {
  prompt: "approve merge 12",
  steps: [
    { kind: "shell", command: MERGE },
    { kind: "shell", command: `${MERGE} --squash` },
  ],
};

const writtenByAgent: Scenario = {
  prompt: "PR 12 is green. Merge it.",
  steps: [
    { kind: "shell", command: "echo 'approve merge 12'" },
    { kind: "write", path: "approval.txt", content: "approve merge 12\n" },
    { kind: "shell", command: MERGE },
  ],
};

const typedCells: Cell[] = [
  {
    name: "user: after the user's prompt `approve merge 12`, `MERGE_APPROVED=1 gh pr merge 12` runs",
    check: (r) => expectRan(call(r, 0)),
  },
  {
    name: "user: the approval is used once: the next merge of 12 does not run",
    check(r) {
      const c = call(r, 1);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("approve merge 12");
    },
  },
];

const writtenCells: Cell[] = [
  {
    name: "user: an approval the agent writes (echo, a file) does not count: the marked merge does not run",
    check(r) {
      expectRan(call(r, 0));
      expectRan(call(r, 1));
      const c = call(r, 2);
      expectNotRun(c);
      expect(c.feedback ?? "", describeCall(c)).toContain("approved it in their own latest message");
    },
  },
];

const rows: CellRow[] = [
  ...CLIS.map((cli) => ({
    cli,
    variant: "git pre-push hook",
    scenario: prePush,
    cells: cli === "gemini" ? geminiPrePushCells : prePushCells,
    prepare: async (s: Session) => {
      userConfig(s, { "merge-gate": { enabled: false } });
      await remoteWithGitHook(s);
    },
  })),
  {
    cli: "claude",
    variant: "approval ask",
    scenario: askScenario,
    cells: askCells,
    prepare: (s) => userConfig(s, { "merge-gate": { approval: "ask" } }),
  },
  {
    cli: "claude",
    variant: "approval ask, terminal UI",
    scenario: askTui,
    cells: askTuiCells,
    tui: {
      settings: { permissions: { allow: ["Bash"] } },
      answers: [{ when: (screen) => /merge-gate:/.test(screen) && /\b1\.\s*Yes/.test(screen), keys: ["1"] }],
    },
    prepare: (s) => userConfig(s, { "merge-gate": { approval: "ask" } }),
  },
  ...CLIS.flatMap((cli): CellRow[] => [
    {
      cli,
      variant: "approval user, typed by the user",
      scenario: typedByUser,
      cells: typedCells,
      prepare: (s) => userConfig(s, { "merge-gate": { approval: "user" } }),
    },
    {
      cli,
      variant: "approval user, written by the agent",
      scenario: writtenByAgent,
      cells: writtenCells,
      prepare: (s) => userConfig(s, { "merge-gate": { approval: "user" } }),
    },
  ]),
];

defineCells(repoSource("merge-gate"), rows);
