// hookrail on the oldest Nodes it says it runs on (src/oldest-node.json, installed from the registry): the hook
// bundles on the first release of their Node line, the hookrail command on the oldest release its package's
// `engines` names. Every shipped hook file (each guardrail's for each CLI, the project's copy behind each CLI's
// project hook file, Kimi Code's, Auggie's and Cline's dispatchers) is handed the same events on that Node and on this
// machine's, each side in a world of its own (a repository, a home, a config with a command gate), and must answer
// the same: the same exit code, stdout and stderr, once paths, times and Node's version are set aside. A hook that
// needed a newer Node would fail to start there, which a gate answers by blocking everything. The command does on its
// oldest Node what it does here, and on an older one says which Node it needs.
import fs from "node:fs";
import path from "node:path";
import { CLIS } from "@hookrail/clis";
import type { CliName } from "@hookrail/core";
import type { SampleContext } from "@hookrail/core/samples";
import { gitEnv, tempDir } from "@hookrail/test-utils";
import { execa, execaSync } from "execa";
import { guardrails } from "hookrail/testing";
import { describe, expect, it } from "vitest";
import { PLUGINS_ROOT, REPO_ROOT } from "../../src/cells/shipped.ts";
import { oldestNode } from "../../src/oldest-node.ts";
import { selectedClis } from "../../src/selection.ts";

const hooksNode = oldestNode("hooks");
const commandNode = oldestNode("command");
const SIDES = { here: process.execPath, oldest: hooksNode.bin } as const;
type Side = keyof typeof SIDES;

/** The arguments a CLI's hook files give the bundle, per moment (Copilot CLI and Antigravity CLI name the event). */
const ARGS: Record<CliName, { tool: string[]; after: string[]; start: string[] }> = {
  claude: { tool: [], after: [], start: [] },
  gemini: { tool: [], after: [], start: [] },
  codex: { tool: [], after: [], start: [] },
  copilot: { tool: ["preToolUse"], after: ["postToolUse"], start: ["sessionStart"] },
  qwen: { tool: [], after: [], start: [] },
  cline: { tool: [], after: [], start: [] },
  droid: { tool: [], after: [], start: [] },
  cursor: { tool: [], after: [], start: [] },
  antigravity: { tool: ["PreToolUse"], after: ["PostToolUse"], start: ["PreInvocation"] },
  opencode: { tool: [], after: [], start: [] },
  kilo: { tool: [], after: [], start: [] },
  pi: { tool: [], after: [], start: [] },
  kimi: { tool: [], after: [], start: [] },
  amp: { tool: [], after: [], start: [] },
  openclaw: { tool: [], after: [], start: [] },
  auggie: { tool: [], after: [], start: [] },
};

/**
 * A repository on a feature branch (with a folder for `cd`), a home, and a user config with a command gate. Every
 * world's folder has a name of the same length, and its commits the same dates (so the same hashes).
 */
function world() {
  const root = tempDir("hookrail-node-");
  const dir = path.join(root, "repo");
  fs.mkdirSync(path.join(dir, "sub"), { recursive: true });
  const when = "2026-01-01T00:00:00Z";
  const git = (...args: string[]) =>
    execaSync("git", args, { cwd: dir, env: { ...gitEnv, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } });
  git("init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "README.md"), "hello\n");
  fs.writeFileSync(path.join(dir, "sub", "a.txt"), "a\n");
  git("add", "-A");
  git("commit", "-q", "-m", "first");
  git("checkout", "-q", "-b", "feature");
  const repo = { dir };
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const config = path.join(home, "hookrail.json");
  fs.writeFileSync(config, JSON.stringify({ "command-gates": [{ name: "publish", commands: ["npm publish"] }] }));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local", "share"),
    XDG_STATE_HOME: path.join(home, ".local", "state"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    HOOKRAIL_CONFIG: config,
    HOOKRAIL_STATE_DIR: path.join(home, "state"),
    HOOKRAIL_DEBUG_LOG: "",
    NODE_OPTIONS: "",
  };
  return { root, repo: repo.dir, home, env };
}
type World = ReturnType<typeof world>;

interface Answer {
  exit: number | undefined;
  stdout: string;
  stderr: string;
}

/** One event: what is written on stdin (or a file the CLI writes first), and the bundle's arguments. */
type Event = { name: string; input: string; args: string[] } | { name: string; write: string; content: string };

async function run(node: string, file: string, event: Event, w: World): Promise<Answer | undefined> {
  if ("write" in event) {
    fs.mkdirSync(path.dirname(event.write), { recursive: true });
    fs.writeFileSync(event.write, event.content);
    return undefined;
  }
  const r = await execa(node, [file, ...event.args], {
    input: event.input,
    cwd: w.repo,
    env: w.env,
    reject: false,
    timeout: 30_000,
    stripFinalNewline: false,
  });
  return { exit: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

/** An answer with what differs between two worlds and two Nodes set aside. */
const same = (a: Answer | undefined, w: World) =>
  a && {
    exit: a.exit,
    stdout: plain(a.stdout, w),
    stderr: plain(a.stderr, w),
  };
const plain = (text: string, w: World) =>
  text
    .split(w.root)
    .join("<world>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, "<time>")
    .replace(/\d{4}-\d\d-\d\d-\d{4}/g, "<date>")
    .replace(/\bv?\d+\.\d+\.\d+\b(?= \(|$)/gm, "<version>")
    .replace(/\d+(?:\.\d+)? ?ms\b/g, "<ms>");

/** Each event on both Nodes, in order, each Node in its own world: the answers, side by side. */
async function bothSides(events: (w: World) => Event[], file: (w: World) => string) {
  const answers: Record<Side, unknown[]> = { here: [], oldest: [] };
  for (const side of Object.keys(SIDES) as Side[]) {
    const w = world();
    for (const event of events(w)) answers[side].push([event.name, same(await run(SIDES[side], file(w), event, w), w)]);
  }
  return answers;
}

/** Not vacuous: each hook started and answered (two that could not start would answer alike). */
function expectStarted(answers: unknown[], what: string) {
  expect(JSON.stringify(answers), what).not.toMatch(/could not start|cannot start|not answer in the dispatcher/);
}

/** The hook file of a shipped folder: the one `<guardrail>.cjs` in it. */
function hookFile(folder: string, guardrail: string): string {
  const found = fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .find((f) => path.basename(f) === `${guardrail}.cjs`);
  if (!found) throw new Error(`${folder} has no ${guardrail}.cjs`);
  return path.join(folder, found);
}

const GUARDRAILS = Object.keys(guardrails).sort();
const shipped = (...parts: string[]) => path.join(PLUGINS_ROOT, "plugins", ...parts);

/** The events each guardrail is handed, in a CLI's own payloads. */
function eventsFor(guardrail: string, cli: CliName, w: World): Event[] {
  const samples = CLIS[cli].samples;
  const context: SampleContext = { cwd: w.repo, sessionId: `oldest-node-${cli}` };
  const args = ARGS[cli];
  const shell = (name: string, command: string): Event => ({
    name,
    input: JSON.stringify(samples.shellCall(command, context)),
    args: args.tool,
  });
  const start: Event = {
    name: "session start",
    input: JSON.stringify(samples.sessionStart(context)),
    args: args.start,
  };
  const edit = (after: boolean): Event => ({
    name: after ? "after an edit" : "an edit",
    input: JSON.stringify(samples.fileEdit("README.md", context, after)),
    args: after ? args.after : args.tool,
  });
  const unreadable: Event = { name: "an event that cannot be read", input: "[]", args: args.tool };
  switch (guardrail) {
    case "merge-gate":
      return [
        shell("a plain command", "git status --short"),
        shell("a merge", "gh pr merge 12"),
        shell("a push in a nested shell", "cd sub && bash -c 'git push origin HEAD:main'"),
        edit(false),
        unreadable,
      ];
    case "command-gates":
      return [
        shell("a plain command", "git status --short"),
        shell("a gated command", "npm publish --tag next"),
        shell("a gated command in a nested shell", "cd sub && sh -c 'npm --tag next publish'"),
        unreadable,
      ];
    case "branch-drift":
      return [start, shell("a plain command", "git status --short"), edit(false), edit(true)];
    case "plan-export": {
      const plan = samples.planApproval?.({ cwd: w.repo, home: w.home });
      const steps: Event[] = (plan?.steps ?? []).map((step, i) =>
        "write" in step
          ? { name: `plan step ${i + 1}`, write: step.write, content: step.content }
          : { name: `plan step ${i + 1}`, input: JSON.stringify(step.payload), args: step.args ?? [] },
      );
      return [start, ...steps];
    }
    default:
      return [start, unreadable];
  }
}

describe(`the hook bundles on Node ${hooksNode.version}, as on this machine's`, () => {
  const clis = selectedClis() as CliName[];

  it.each(clis)("each guardrail's hook file for %s", { timeout: 180_000 }, async (cli) => {
    const built = GUARDRAILS.filter((g) => fs.existsSync(shipped(g, cli)));
    expect(built).not.toEqual([]);
    for (const guardrail of built) {
      const answers = await bothSides(
        (w) => eventsFor(guardrail, cli, w),
        () => hookFile(shipped(guardrail, cli), guardrail),
      );
      expect(answers.oldest, `${guardrail} for ${cli}`).toEqual(answers.here);
      expectStarted(answers.here, `${guardrail} for ${cli}`);
      if (guardrail === "merge-gate") expect(JSON.stringify(answers.here[1])).toContain("merge-gate: blocked. `gh pr");
    }
  });

  it.each(clis)(
    "the project's copy of each guardrail, through %s's project hook file",
    { timeout: 120_000 },
    async (cli) => {
      const built = GUARDRAILS.filter((g) => fs.existsSync(shipped(g, "project", cli)));
      for (const guardrail of built) {
        // Laid out as a project install leaves it: the copy in .hookrail/hooks/<guardrail>/, the CLI's hook file in
        // a folder of its own in the repository.
        const place = (w: World) => {
          const copy = path.join(w.repo, ".hookrail", "hooks", guardrail);
          if (!fs.existsSync(copy)) {
            fs.cpSync(shipped(guardrail, "project", "shared"), copy, { recursive: true });
            fs.cpSync(shipped(guardrail, "project", cli), path.join(w.repo, `.${cli}-hooks`, guardrail), {
              recursive: true,
            });
          }
          return hookFile(path.join(w.repo, `.${cli}-hooks`, guardrail), guardrail);
        };
        // One event each (the bundle behind every CLI's project hook file is the same): a gate's refusal, or the start.
        const first = guardrail === "merge-gate" || guardrail === "command-gates" ? 1 : 0;
        const answers = await bothSides((w) => eventsFor(guardrail, cli, w).slice(first, first + 1), place);
        expect(answers.oldest, `${guardrail}'s project copy for ${cli}`).toEqual(answers.here);
        expectStarted(answers.here, `${guardrail}'s project copy for ${cli}`);
      }
    },
  );

  it("Kimi Code's, Auggie's and Cline's dispatchers, with every guardrail installed behind them", {
    timeout: 120_000,
  }, async () => {
    const layouts: { cli: CliName; file: (w: World, event: string) => string; event: (input: string) => string }[] = [
      {
        cli: "kimi",
        // <Kimi home>/hookrail/<guardrail>/ and the dispatcher beside them.
        file: (w) => {
          const root = path.join(w.home, ".kimi-code", "hookrail");
          lay(root, "kimi", "dispatch.cjs", [path.join(root, "dispatch.cjs")]);
          return path.join(root, "dispatch.cjs");
        },
        event: () => "",
      },
      {
        cli: "auggie",
        // .augment/hookrail/<guardrail>/ and the dispatcher beside them.
        file: (w) => {
          const root = path.join(w.home, ".augment", "hookrail");
          lay(root, "auggie", "dispatch.cjs", [path.join(root, "dispatch.cjs")]);
          return path.join(root, "dispatch.cjs");
        },
        event: () => "",
      },
      {
        cli: "cline",
        // <hooks>/hookrail/<guardrail>/ and the dispatcher in <hooks>/, named after each event it answers.
        file: (w, event) => {
          const hooks = path.join(w.home, ".cline", "hooks");
          lay(
            path.join(hooks, "hookrail"),
            "cline",
            "dispatch",
            CLINE_FILES.map((e) => path.join(hooks, e)),
          );
          return path.join(hooks, event);
        },
        event: (input) => CLINE_EVENT[(JSON.parse(input) as { hookName?: string }).hookName ?? ""] ?? "PreToolUse",
      },
    ];
    for (const { cli, file, event } of layouts.filter((l) => selectedClis().includes(l.cli))) {
      const answers: Record<Side, unknown[]> = { here: [], oldest: [] };
      for (const side of Object.keys(SIDES) as Side[]) {
        const w = world();
        const events = [
          ...eventsFor("merge-gate", cli, w).slice(0, 4),
          ...eventsFor("command-gates", cli, w).slice(1, 2),
          ...eventsFor("worktree-check", cli, w).slice(0, 1),
        ] as { name: string; input: string; args: string[] }[];
        for (const e of events)
          answers[side].push([e.name, same(await run(SIDES[side], file(w, event(e.input)), e, w), w)]);
      }
      expect(answers.oldest, `${cli}'s dispatcher`).toEqual(answers.here);
      expectStarted(answers.here, `${cli}'s dispatcher`);
      // Not vacuous: the merge was refused through the dispatcher.
      expect(JSON.stringify(answers.here[1])).toMatch(/merge-gate: blocked/);
    }
  });
});

/** Cline's hook file for each of its sample payloads' `hookName`, and every hook file its guardrails use. */
const CLINE_EVENT: Record<string, string> = {
  tool_call: "PreToolUse",
  tool_result: "PostToolUse",
  agent_start: "TaskStart",
};
const CLINE_FILES = ["PreToolUse", "PostToolUse", "TaskStart", "UserPromptSubmit", "TaskComplete", "SessionShutdown"];

/** Every guardrail's shipped folder for `cli` copied into `root`, once, and the dispatcher to each of `files`. */
function lay(root: string, cli: CliName, dispatcher: string, files: string[]) {
  if (fs.existsSync(root)) return;
  for (const g of GUARDRAILS)
    if (fs.existsSync(shipped(g, cli))) fs.cpSync(shipped(g, cli), path.join(root, g), { recursive: true });
  for (const file of files) fs.copyFileSync(path.join(shipped("merge-gate", cli), dispatcher), file);
}

describe(`the hookrail command on Node ${commandNode.version}, the oldest its package names`, () => {
  const bin = path.join(REPO_ROOT, "apps", "cli", "dist", "hookrail.mjs");

  it("is the oldest release `engines` allows", () => {
    const engines = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "apps", "cli", "package.json"), "utf8")).engines;
    expect(engines.node).toBe(`>=${commandNode.version.replace(/\.0$/, "")}`);
  });

  it("does what it does on this machine's Node", { timeout: 120_000 }, async () => {
    const steps = [
      ["--version"],
      ["try", "merge-gate", "--", "gh pr merge 12"],
      ["explain", "command-gates", "--", "cd sub && npm publish"],
      ["install", "all", "--cli", "kimi,cline"],
      ["install", "all", "--cli", "codex,droid,gemini", "--scope", "project"],
      ["doctor"],
      ["list"],
      ["uninstall", "all", "--cli", "kimi,cline"],
      ["uninstall", "all", "--cli", "codex,droid,gemini", "--scope", "project"],
    ];
    const answers: Record<string, unknown[]> = { here: [], oldest: [] };
    for (const [side, node] of [
      ["here", process.execPath],
      ["oldest", commandNode.bin],
    ] as const) {
      const w = world();
      // The node on PATH is this side's, as a user on that Node has it (doctor reads its version there).
      const PATH = [path.dirname(node), process.env.PATH].join(path.delimiter);
      for (const args of steps) {
        const r = await execa(node, [bin, ...args], { cwd: w.repo, env: { ...w.env, PATH }, reject: false });
        // Which node it found, and its version, are the two sides' own.
        const ownNode = (text: string) =>
          text
            .split(path.dirname(node))
            .join("<node>")
            .replace(/node \d+\.\d+\.\d+ on PATH/, "node <version> on PATH");
        const a = same({ exit: r.exitCode, stdout: ownNode(r.stdout), stderr: ownNode(r.stderr) }, w);
        answers[side]?.push([args.join(" "), a]);
      }
    }
    expect(answers.oldest).toEqual(answers.here);
    expect(JSON.stringify(answers.here)).toMatch(/BLOCKED/);
  });

  it(`on Node ${hooksNode.version} (older) says which Node it needs, and changes nothing`, async () => {
    const w = world();
    const before = fs.readdirSync(w.home);
    const r = await execa(hooksNode.bin, [bin, "install", "all", "--cli", "kimi"], {
      cwd: w.repo,
      env: w.env,
      reject: false,
      stripFinalNewline: false,
    });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `hookrail: needs Node.js ${commandNode.version} or newer, and this is v${hooksNode.version} (${hooksNode.bin}): install a newer Node.js (https://nodejs.org), then run the command again\n`,
    );
    expect(fs.readdirSync(w.home)).toEqual(before);
  });
});
