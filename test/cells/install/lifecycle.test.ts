// The install lifecycle in the real CLIs, from the packed package: sequences across scopes, guardrails
// and CLIs (user then project and back, either one removed, a moved clone, uninstall and reinstall,
// update, the user's own Codex hooks trusted and not). After each step the CLI's own view is checked
// (`claude plugin list`, Codex's `hooks/list`, `gemini extensions list`, Copilot's hook files, `qwen
// extensions list`, Droid's hooks.json, Kimi's config.toml) and the user's files compared with what they were; then one real session shows whether `gh pr merge 12` is
// blocked by what is still recorded (or runs when nothing is left), and what the user is told.
import fs from "node:fs";
import path from "node:path";
import { CLIS } from "@hookrail/clis";
import { type ListedHook, listHooks } from "@hookrail/codex/install";
import { bundleFileOf } from "@hookrail/core";
import { expect, inject } from "vitest";
import { type AuditCapture, captureAuditLog } from "../../src/cells/audit-log.ts";
import { type Cell, type CellRow, defineCells } from "../../src/cells/define.ts";
import { call, expectNotRun, expectRan } from "../../src/cells/report-helpers.ts";
import { repoSource } from "../../src/cells/shipped.ts";
import { type CliName, requireCli } from "../../src/clis.ts";
import { copyMarketplace } from "../../src/runner/claude.ts";
import type { Session } from "../../src/runner/session.ts";
import type { Scenario } from "../../src/scenario.ts";

const MERGE: Scenario = { prompt: "Merge PR 12.", steps: [{ kind: "shell", command: "gh pr merge 12" }] };

/** One row's sequence: the packed hookrail and the CLI's own commands, and what did not hold on the way. */
class Sequence {
  readonly failed: string[] = [];
  constructor(
    readonly s: Session,
    readonly cli: CliName,
  ) {}

  private get env() {
    return { ...this.s.env, PATH: `${path.dirname(requireCli(this.cli).bin)}:${this.s.env.PATH}` };
  }

  hookrail(args: string[], cwd = this.s.rd.project) {
    return this.s.run(inject("hookrailBin"), args, { cwd, env: this.env, label: `hookrail ${args.join(" ")}` });
  }

  /** The CLI's own command (its output), failing or not. */
  async own(args: string[], cwd = this.s.rd.project): Promise<string> {
    try {
      return (await this.s.run(requireCli(this.cli).bin, args, { cwd, env: this.env })).output;
    } catch (error) {
      return String(error);
    }
  }

  check(ok: boolean, what: string) {
    if (!ok) this.failed.push(`${this.s.setup.at(-1)?.cmd ?? "start"}: ${what}`);
  }

  file(p: string): string | null {
    return fs.existsSync(p) ? fs.readFileSync(p, "utf8") : null;
  }

  write(p: string, text: string): string {
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
    return p;
  }

  /** `claude plugin list` in `cwd`: "<id> <scope> <status>" for hookrail's plugins. */
  async claudePlugins(cwd = this.s.rd.project): Promise<string[]> {
    const out = await this.own(["plugin", "list"], cwd);
    return out
      .split("❯ ")
      .slice(1)
      .filter((b) => b.includes("hookrail"))
      .map((b) => `${b.split("\n")[0]?.trim()} ${/Scope: (\S+)/.exec(b)?.[1]} ${/Status: (.+)/.exec(b)?.[1]?.trim()}`)
      .sort();
  }

  codexHooks(): Promise<ListedHook[]> {
    return listHooks(requireCli("codex").bin, this.s.rd.project, this.s.env);
  }
}

/** hookrail's own folders in the run's world (its data and state folders, its code cache). */
const hookrailLeft = (s: Session) =>
  ["data", "state", "cache"].map((x) => path.join(s.rd.root, "xdg", x, "hookrail")).filter((p) => fs.existsSync(p));

function row(
  cli: CliName,
  variant: string,
  steps: (q: Sequence) => Promise<void>,
  session: "blocked" | "runs",
  extra: Cell[] = [],
  scenario: Scenario = MERGE,
): CellRow & { cells: Cell[] } {
  let seq: Sequence | undefined;
  return {
    cli,
    variant,
    scenario,
    timeoutMs: 180_000,
    async afterInstall(s) {
      seq = new Sequence(s, cli);
      await steps(seq);
    },
    cells: [
      {
        name: "after every step, the CLI's own view and the user's files are as they should be",
        check: () => expect(seq?.failed ?? ["the sequence did not run"]).toEqual([]),
      },
      session === "blocked"
        ? { name: "what is still recorded blocks gh pr merge 12", check: (r) => expectNotRun(call(r, 0)) }
        : { name: "nothing of hookrail's is left to block gh pr merge 12", check: (r) => expectRan(call(r, 0)) },
      ...extra,
    ],
  };
}

const USER_CLAUDE = '{\n    "model": "opus"\n}\n';
const TEAM_CLAUDE = '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n';

const claudeRows: CellRow[] = [
  row(
    "claude",
    "user + project, project removed, then project + user, user removed",
    async (q) => {
      const userFile = q.write(path.join(q.s.rd.home, ".claude", "settings.json"), USER_CLAUDE);
      const teamFile = q.write(path.join(q.s.rd.project, ".claude", "settings.json"), TEAM_CLAUDE);
      await q.hookrail(["install", "merge-gate", "--cli", "claude"]);
      const afterUser = q.file(userFile);
      await q.hookrail(["install", "merge-gate", "--cli", "claude", "--scope", "project"]);
      const both = await q.claudePlugins();
      q.check(both.length === 2 && both.every((p) => p.endsWith("✔ enabled")), `both enabled: ${both.join("; ")}`);
      q.check(q.file(userFile) === afterUser, "the project install changed the user's settings");
      await q.hookrail(["uninstall", "merge-gate", "--cli", "claude", "--scope", "project"]);
      q.check(
        JSON.stringify(await q.claudePlugins()) === JSON.stringify(["merge-gate@hookrail-user user ✔ enabled"]),
        "the user's plugin is no longer enabled",
      );
      q.check(q.file(teamFile) === TEAM_CLAUDE, "the team's settings are not as they were");
      q.check(q.file(userFile) === afterUser, "the project uninstall changed the user's settings");
      await q.hookrail(["install", "merge-gate", "--cli", "claude", "--scope", "project"]);
      const team = q.file(teamFile);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "claude"]);
      const left = await q.claudePlugins();
      q.check(left.length === 1 && /project ✔ enabled$/.test(left[0] ?? ""), `the project's: ${left.join("; ")}`);
      q.check(q.file(teamFile) === team, "the user uninstall changed the team's settings");
      q.check(q.file(userFile) === USER_CLAUDE, "the user's settings are not as they were");
    },
    "blocked",
  ),
  row(
    "claude",
    "a second clone moved away",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "claude"]);
      const clone = path.join(q.s.rd.root, "clone");
      fs.mkdirSync(clone);
      await q.s.run("git", ["init", "-q", "-b", "main"], { cwd: clone });
      await q.hookrail(["install", "merge-gate", "--cli", "claude", "--scope", "project"], clone);
      fs.renameSync(clone, `${clone}-moved`);
      const listed = await q.claudePlugins();
      q.check(listed.includes("merge-gate@hookrail-user user ✔ enabled"), `the user's plugin: ${listed.join("; ")}`);
    },
    "blocked",
  ),
  row(
    "claude",
    "uninstall all --cli all in both scopes",
    async (q) => {
      const userFile = q.write(path.join(q.s.rd.home, ".claude", "settings.json"), USER_CLAUDE);
      await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "claude"]);
      await q.hookrail(["install", "merge-gate", "--cli", "claude", "--scope", "project"]);
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      await q.hookrail(["uninstall", "all", "--cli", "all", "--scope", "project"]);
      q.check(JSON.stringify(await q.claudePlugins()) === "[]", "Claude Code still lists a hookrail plugin");
      q.check(q.file(userFile) === USER_CLAUDE, "the user's settings are not as they were");
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".claude")), "the project's .claude folder is left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
  row(
    "claude",
    "the merge gate switched off with claude plugin disable",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "claude"]);
      await q.own(["plugin", "disable", "merge-gate@hookrail-user"]);
      const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
      q.check(/merge-gate@hookrail-user is disabled/.test(doctor.output), `doctor: ${doctor.output.slice(0, 400)}`);
    },
    "runs",
    [
      {
        name: "at session start, the user is told the merge gate will not run, and to run hookrail doctor",
        check: (r) =>
          expect(r.stdout).toMatch(/hookrail: merge-gate will not run in Claude Code: .*disabled.*hookrail doctor/),
      },
    ],
  ),
];

/** What `hookrail log` said after each row's session, by row. */
const audits = new Map<string, AuditCapture>();

/** What a hookrail command printed, whether it exited 0 or not. */
const said = (q: Sequence, args: string[]) =>
  q.hookrail(args).then(
    (r) => ({ ok: true, output: r.output }),
    (e: Error) => ({ ok: false, output: e.message }),
  );

/** The audit entries of one row's session for `cli`: one per run of a hook that did more than allow. */
const gateRuns = (key: string, cli: CliName) =>
  (audits.get(key)?.entries ?? []).filter((e) => e.cli === cli && e.guardrail === "merge-gate");

/**
 * The marketplace way (`<cli> plugin marketplace add <a copy of the repository's marketplace>` + `<cli> plugin
 * install merge-gate@hookrail`): list shows it, doctor is content; then `hookrail install` on top (with
 * worktree-check, whose session-start hook says what the record's probes find), and doctor
 * names the double with the command that removes the marketplace's plugin. `fix`: that command is run too.
 */
function marketplaceThenHookrail(cli: "claude" | "copilot", fix: boolean) {
  const key = `${cli}-marketplace${fix ? "-fixed" : ""}`;
  const title = CLIS[cli].title;
  const told: Cell = {
    name: "at session start, the user is told the merge gate is installed twice, and to run hookrail doctor",
    check: (r) =>
      expect(r.stdout).toMatch(
        /hookrail: merge-gate is installed twice in Claude Code: another plugin named merge-gate is enabled in \S+settings\.json.*hookrail doctor/,
      ),
  };
  const extra: Cell[] = fix
    ? [
        {
          name: "after the fix doctor names, the gate ran once and no line about a double",
          check(r) {
            expect(gateRuns(key, cli)).toHaveLength(1);
            expect(r.stdout).not.toMatch(/installed twice/);
          },
        },
      ]
    : [
        {
          name:
            cli === "claude"
              ? "Claude Code loads one plugin of a name: the gate ran once"
              : "Copilot CLI runs one of the plugin and hookrail's hook file: the gate ran once",
          check: () => expect(gateRuns(key, cli)).toHaveLength(1),
        },
        ...(cli === "claude" ? [told] : []),
      ];
  return {
    ...row(
      cli,
      `installed with ${cli} plugin install, then hookrail install on top${fix ? ", then the fix doctor names" : ""}`,
      async (q) => {
        const market = path.join(q.s.rd.root, "market");
        copyMarketplace(repoSource("merge-gate"), market);
        await q.own(["plugin", "marketplace", "add", market]);
        await q.own(["plugin", "install", "merge-gate@hookrail"]);
        const list = await said(q, ["list"]);
        q.check(
          list.ok &&
            new RegExp(
              `${cli} +user, installed with ${cli} plugin install merge-gate@hookrail +merge-gate +\\S+ +yes`,
            ).test(list.output),
          `list: ${list.output.slice(0, 400)}`,
        );
        const alone = await said(q, ["doctor"]);
        q.check(alone.ok && /doctor: all good/.test(alone.output), `doctor alone: ${alone.output.slice(-400)}`);
        // worktree-check too: its session-start hook is the one that says what the record's probes find.
        await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", cli]);
        const twice = await said(q, ["doctor"]);
        const named = new RegExp(
          `merge-gate is installed twice in ${title}: .*\\n +-> keep one: run ${cli} plugin uninstall merge-gate@hookrail `,
        );
        q.check(!twice.ok && named.test(twice.output), `doctor: ${twice.output.slice(-700)}`);
        if (!fix) return;
        await q.own(["plugin", "uninstall", "merge-gate@hookrail"]);
        const after = await said(q, ["doctor"]);
        q.check(after.ok && /doctor: all good/.test(after.output), `doctor after the fix: ${after.output.slice(-400)}`);
      },
      "blocked",
      extra,
    ),
    prepare: captureAuditLog(audits, key),
  };
}

/** Every file of that name in hookrail's data folder of the run's world (the stable copy Claude runs from). */
function inDataFolder(s: Session, name: string): string[] {
  const root = path.join(s.rd.root, "xdg", "data", "hookrail");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => path.basename(f) === name)
    .map((f) => path.join(root, f));
}

const LS_THEN_MERGE: Scenario = {
  prompt: "List the files, then merge PR 12.",
  steps: [
    { kind: "shell", command: "ls" },
    { kind: "shell", command: "gh pr merge 12" },
  ],
};

const repaired = row(
  "claude",
  "the user scope's hook file deleted from the stable copy, then hookrail update",
  async (q) => {
    await q.hookrail(["install", "merge-gate", "--cli", "claude"]);
    const bundles = inDataFolder(q.s, "merge-gate.cjs");
    q.check(bundles.length > 0, "no merge-gate.cjs in hookrail's data folder");
    for (const b of bundles) fs.rmSync(b);
    const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
    q.check(/hookrail update/.test(doctor.output), `doctor names the fix: ${doctor.output.slice(0, 400)}`);
    await q.hookrail(["update"]);
    q.check(
      bundles.every((b) => fs.existsSync(b)),
      `update put the hook file back: ${bundles.filter((b) => !fs.existsSync(b)).join(", ")}`,
    );
  },
  "runs",
  [{ name: "after hookrail update, gh pr merge 12 is blocked", check: (r) => expectNotRun(call(r, 1)) }],
  LS_THEN_MERGE,
);
repaired.cells[1] = { name: "after hookrail update, an honest ls runs", check: (r) => expectRan(call(r, 0)) };
claudeRows.push(repaired);
claudeRows.push(marketplaceThenHookrail("claude", false), marketplaceThenHookrail("claude", true));

// A comment in the user's settings: Claude Code then switches every plugin off, hookrail's included (measured in
// 2.1.332). hookrail cannot fix the user's file, so it must say so: doctor and list, before the session shows it.
const commented = row(
  "claude",
  "a comment written into ~/.claude/settings.json after the install",
  async (q) => {
    await q.hookrail(["install", "merge-gate", "--cli", "claude"]);
    const file = path.join(q.s.rd.home, ".claude", "settings.json");
    q.write(file, (q.file(file) ?? "{}").replace("{", "{\n  // my own note"));
    const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
    q.check(
      /Claude Code switches every plugin off while \S+settings\.json does not parse as strict JSON, so this guardrail is off: a comment at line 2, column 3/.test(
        doctor.output,
      ),
      `doctor: ${doctor.output.slice(0, 400)}`,
    );
    const list = await q.hookrail(["list"]).catch((e: Error) => ({ output: e.message }));
    q.check(/0 of 1 will run/.test(list.output), `list: ${list.output.slice(0, 400)}`);
  },
  "runs",
);
commented.cells[1] = {
  name: "as doctor and list said, Claude Code ran gh pr merge 12 with every plugin off",
  check: (r) => expectRan(call(r, 0)),
};
claudeRows.push(commented);

/** A hook of the user's own, which leaves a mark when it runs. */
const ownHook = (name: string, marks: string) => ({
  matcher: "Bash|exec_command|shell",
  hooks: [{ type: "command", command: `touch ${path.join(marks, name)}` }],
});

const codexRows: CellRow[] = [
  row(
    "codex",
    "the user's own hooks around ours: install, uninstall, update, reinstall",
    async (q) => {
      const marks = path.join(q.s.rd.project, ".marks");
      fs.mkdirSync(marks);
      fs.writeFileSync(path.join(marks, ".keep"), "");
      const hooksFile = path.join(q.s.rd.codexHome, "hooks.json");
      const configFile = path.join(q.s.rd.codexHome, "config.toml");
      const data = { hooks: { PreToolUse: [ownHook("first", marks), ownHook("untrusted", marks)] } };
      q.write(hooksFile, `${JSON.stringify(data, null, 2)}\n`);
      // The user trusts their own hooks in Codex: with the hash Codex itself reports.
      const trust = async (names: string[]) => {
        let config = q.file(configFile) ?? "";
        for (const h of await q.codexHooks())
          if (names.some((n) => h.command?.endsWith(`/${n}`)))
            config += `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\n`;
        fs.writeFileSync(configFile, config);
      };
      await trust(["first"]);
      const expected: Record<string, string> = { first: "trusted", untrusted: "untrusted" };
      const verify = async () => {
        const hooks = await q.codexHooks();
        for (const [name, status] of Object.entries(expected)) {
          const h = hooks.find((x) => x.command?.endsWith(`/${name}`));
          q.check(h?.trustStatus === status, `the user's ${name} hook is ${h?.trustStatus}, not ${status}`);
        }
        const ours = hooks.filter((h) => h.command?.includes("/hookrail/") && h.trustStatus !== "trusted");
        q.check(ours.length === 0, `hookrail hooks not trusted: ${ours.map((h) => h.key).join(", ")}`);
      };
      await q.hookrail(["install", "merge-gate", "branch-drift", "--cli", "codex"]);
      await verify();
      // The user adds a hook after ours.
      const now = JSON.parse(q.file(hooksFile) ?? "{}");
      now.hooks.PreToolUse.push(ownHook("after", marks));
      fs.writeFileSync(hooksFile, JSON.stringify(now, null, 2));
      await trust(["after"]);
      expected.after = "trusted";
      await verify();
      for (const step of [
        ["uninstall", "merge-gate", "--cli", "codex"],
        ["install", "merge-gate", "--cli", "codex"],
        ["update"],
        ["uninstall", "branch-drift", "--cli", "codex"],
      ]) {
        await q.hookrail(step);
        await verify();
      }
    },
    "blocked",
    [
      {
        name: "in the session, the user's trusted hooks ran and the untrusted one did not",
        check(r) {
          const marks = Object.keys(r.projectFiles).filter((p) => p.startsWith(".marks/") && p !== ".marks/.keep");
          expect(marks.sort()).toEqual([".marks/after", ".marks/first"]);
        },
      },
    ],
  ),
  row(
    "codex",
    "uninstall all gives the user's files back",
    async (q) => {
      const hooksFile = q.write(
        path.join(q.s.rd.codexHome, "hooks.json"),
        '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }]\n  }\n}\n',
      );
      const configFile = path.join(q.s.rd.codexHome, "config.toml");
      const before = [q.file(hooksFile), q.file(configFile)];
      await q.hookrail(["install", "all", "--cli", "codex"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "codex"]);
      await q.hookrail(["install", "merge-gate", "--cli", "codex"]);
      await q.hookrail(["uninstall", "all", "--cli", "codex"]);
      q.check(q.file(hooksFile) === before[0], "hooks.json is not as it was");
      q.check(q.file(configFile) === before[1], "config.toml is not as it was (a trust entry left?)");
      q.check(!fs.existsSync(path.join(q.s.rd.codexHome, "hookrail")), "the copied bundles are left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
];

const geminiRows: CellRow[] = [
  row(
    "gemini",
    "user + project, project removed",
    async (q) => {
      const team = q.write(
        path.join(q.s.rd.project, ".gemini", "settings.json"),
        '{\n  // the team\n  "model": { "name": "x" }\n}\n',
      );
      await q.hookrail(["install", "merge-gate", "--cli", "gemini"]);
      await q.hookrail(["install", "merge-gate", "--cli", "gemini", "--scope", "project"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "gemini", "--scope", "project"]);
      q.check(/merge-gate/.test(await q.own(["extensions", "list"])), "gemini extensions list lacks merge-gate");
      q.check(
        q.file(team) === '{\n  // the team\n  "model": { "name": "x" }\n}\n',
        "the team's settings are not as they were",
      );
    },
    "blocked",
  ),
  row(
    "gemini",
    "project + user, user removed",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "gemini", "--scope", "project"]);
      await q.hookrail(["install", "merge-gate", "--cli", "gemini"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "gemini"]);
      q.check(!/merge-gate/.test(await q.own(["extensions", "list"])), "gemini extensions list still has merge-gate");
      q.check(
        (q.file(path.join(q.s.rd.project, ".gemini", "settings.json")) ?? "").includes("/.gemini/hookrail/merge-gate/"),
        "the project's hooks are gone",
      );
    },
    "blocked",
  ),
];

const copilotRows: CellRow[] = [
  row(
    "copilot",
    "user + project, user removed, user again, project removed",
    async (q) => {
      const hooks = path.join(q.s.rd.home, ".copilot", "hooks");
      const projectHooks = path.join(q.s.rd.project, ".github", "hooks");
      q.write(path.join(hooks, "mine.json"), '{"version":1,"hooks":{}}\n');
      await q.hookrail(["install", "merge-gate", "--cli", "copilot"]);
      await q.hookrail(["install", "merge-gate", "--cli", "copilot", "--scope", "project"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "copilot"]);
      q.check(fs.existsSync(path.join(projectHooks, "hookrail-merge-gate.json")), "the project's hook file is gone");
      q.check(
        JSON.stringify(fs.readdirSync(hooks)) === '["mine.json"]',
        `left in ~/.copilot/hooks: ${fs.readdirSync(hooks)}`,
      );
      await q.hookrail(["install", "merge-gate", "--cli", "copilot"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "copilot", "--scope", "project"]);
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".github")), "the project's .github folder is left");
      q.check(fs.existsSync(path.join(hooks, "hookrail-merge-gate.json")), "the user's hook file is gone");
    },
    "blocked",
  ),
];

/**
 * The session-start line for a guardrail gone from `cli`, said by a hook of the real session: headless
 * `qwen -p` and `droid exec` print no hook's systemMessage, so it is read back from `hookrail log`.
 */
const toldCell = (key: string, cli: CliName, why: RegExp): Cell => ({
  name: "at session start, a hook of the session tells the user the merge gate will not run, and to run hookrail doctor",
  check() {
    const audit = audits.get(key);
    expect(audit?.error).toBeUndefined();
    const said = (audit?.entries ?? []).filter((e) => e.cli === cli).map((e) => e.message ?? "");
    const line = new RegExp(
      `^hookrail: merge-gate will not run in ${CLIS[cli].title}: ${why.source}; run \`hookrail doctor\` for the fix$`,
      "m",
    );
    expect(
      said.some((m) => line.test(m)),
      JSON.stringify(said),
    ).toBe(true);
  },
});

copilotRows.push(marketplaceThenHookrail("copilot", false), marketplaceThenHookrail("copilot", true));

const qwenRows: CellRow[] = [
  {
    ...row(
      "qwen",
      "qwen extensions uninstall: doctor and the next session start say so",
      async (q) => {
        await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "qwen"]);
        q.check(/merge-gate/.test(await q.own(["extensions", "list"])), "qwen extensions list lacks merge-gate");
        await q.own(["extensions", "uninstall", "merge-gate"]);
        const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
        q.check(
          /merge-gate was installed for Qwen Code .*no longer has it/.test(doctor.output),
          `doctor: ${doctor.output.slice(0, 400)}`,
        );
      },
      "runs",
      [toldCell("qwen-uninstalled", "qwen", /its extension \S+merge-gate has gone/)],
    ),
    prepare: captureAuditLog(audits, "qwen-uninstalled"),
  },
  row(
    "qwen",
    "user + project, uninstall all --cli all in both scopes",
    async (q) => {
      const settings = path.join(q.s.rd.home, ".qwen", "settings.json");
      // Qwen's first run adds its "$version" to the user's settings: the user's file is what it is after that.
      await q.own(["extensions", "list"]);
      const before = q.file(settings);
      await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "qwen"]);
      await q.hookrail(["install", "merge-gate", "--cli", "qwen", "--scope", "project"]);
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      await q.hookrail(["uninstall", "all", "--cli", "all", "--scope", "project"]);
      const listed = await q.own(["extensions", "list"]);
      q.check(!/merge-gate|worktree-check/.test(listed), `qwen extensions list: ${listed.slice(0, 300)}`);
      q.check(q.file(settings) === before, "~/.qwen/settings.json is not as it was");
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".qwen")), "the project's .qwen folder is left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
];

const USER_DROID_HOOKS = '{\n  "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }]\n}\n';

const droidRows: CellRow[] = [
  {
    ...row(
      "droid",
      "its hooks removed from ~/.factory/hooks.json: doctor and the next session start say so",
      async (q) => {
        const hooksFile = q.write(path.join(q.s.rd.home, ".factory", "hooks.json"), USER_DROID_HOOKS);
        await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "droid"]);
        // The user takes the merge gate's groups out of the file Droid reads.
        const data = JSON.parse(q.file(hooksFile) ?? "{}") as Record<string, { hooks: { command: string }[] }[]>;
        for (const [event, groups] of Object.entries(data))
          if (Array.isArray(groups))
            data[event] = groups.filter((g) => !g.hooks.some((h) => h.command.includes("/hookrail/merge-gate/")));
        fs.writeFileSync(hooksFile, JSON.stringify(data, null, 2));
        const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
        q.check(
          /merge-gate was installed for Factory Droid .*no longer has it/.test(doctor.output),
          `doctor: ${doctor.output.slice(0, 400)}`,
        );
      },
      "runs",
      [toldCell("droid-removed", "droid", /its hooks are gone from \S+hooks\.json/)],
    ),
    prepare: captureAuditLog(audits, "droid-removed"),
  },
  row(
    "droid",
    "user + project, uninstall all --cli all gives the user's files back",
    async (q) => {
      const hooksFile = q.write(path.join(q.s.rd.home, ".factory", "hooks.json"), USER_DROID_HOOKS);
      const settings = path.join(q.s.rd.home, ".factory", "settings.json");
      const before = q.file(settings);
      await q.hookrail(["install", "all", "--cli", "droid"]);
      await q.hookrail(["install", "merge-gate", "--cli", "droid", "--scope", "project"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "droid"]);
      await q.hookrail(["install", "merge-gate", "--cli", "droid"]);
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      await q.hookrail(["uninstall", "all", "--cli", "all", "--scope", "project"]);
      q.check(q.file(hooksFile) === USER_DROID_HOOKS, "~/.factory/hooks.json is not as it was");
      q.check(q.file(settings) === before, "~/.factory/settings.json is not as it was");
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".factory", "hookrail")), "the copied bundles are left");
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".factory")), "the project's .factory folder is left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
];

const USER_AUGGIE =
  '{\n  "model": "mock-model",\n  "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "true" }] }] }\n}\n';

const auggieRows: CellRow[] = [
  row(
    "auggie",
    "project scope alone: the workspace's .augment/settings.json runs the gate from the project's copy",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "auggie", "--scope", "project"]);
      const settings = q.file(path.join(q.s.rd.project, ".augment", "settings.json")) ?? "";
      // Alone in the scope, its groups run its own folder's hook file (two or more share the dispatcher).
      q.check(settings.includes("$AUGMENT_PROJECT_DIR/.augment/hookrail/merge-gate/"), `settings.json: ${settings}`);
      q.check(
        fs.existsSync(path.join(q.s.rd.project, ".augment", "hookrail", "merge-gate", "auggie.json")),
        "the guardrail's folder is not in the project",
      );
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".augment", "hookrail")), "a copy went to the user's folder");
    },
    "blocked",
  ),
  row(
    "auggie",
    "user + project, uninstall all --cli all gives the user's files back",
    async (q) => {
      const settings = q.write(path.join(q.s.rd.home, ".augment", "settings.json"), USER_AUGGIE);
      await q.hookrail(["install", "merge-gate", "command-gates", "--cli", "auggie"]);
      await q.hookrail(["install", "merge-gate", "--cli", "auggie", "--scope", "project"]);
      await q.hookrail(["uninstall", "merge-gate", "--cli", "auggie"]);
      await q.hookrail(["install", "merge-gate", "--cli", "auggie"]);
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      await q.hookrail(["uninstall", "all", "--cli", "all", "--scope", "project"]);
      q.check(q.file(settings) === USER_AUGGIE, `~/.augment/settings.json is not as it was: ${q.file(settings)}`);
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".augment", "hookrail")), "the copied bundles are left");
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".augment")), "the project's .augment folder is left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
];

/** The user's config.toml after the runner wrote the mock's provider, with one hook of the user's own. */
const kimiConfig = (q: Sequence) => path.join(q.s.rd.home, ".kimi-code", "config.toml");
const USER_KIMI_HOOK = '\n# my own\n[[hooks]]\nevent = "Stop"\ncommand = "true"\n';

const kimiRows: CellRow[] = [
  {
    ...row(
      "kimi",
      "the [[hooks]] entry that runs the gates removed from config.toml: doctor and the next session start say so",
      async (q) => {
        await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "kimi"]);
        // The user takes the PreToolUse table (the one that runs the merge gate) out of the file Kimi reads.
        const text = q.file(kimiConfig(q)) ?? "";
        const kept = text.split(/\n(?=\[\[hooks\]\]\n)/).filter((t) => !t.includes('event = "PreToolUse"'));
        q.check(kept.length < text.split(/\n(?=\[\[hooks\]\]\n)/).length, `no PreToolUse table in ${text}`);
        fs.writeFileSync(kimiConfig(q), `${kept.join("\n").trimEnd()}\n`);
        const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
        q.check(
          /kimi user merge-gate: \S+config\.toml has no \[\[hooks\]\] entry for PreToolUse/.test(doctor.output),
          `doctor: ${doctor.output.slice(0, 400)}`,
        );
      },
      "runs",
      [toldCell("kimi-removed", "kimi", /its \[\[hooks\]\] entries left \S+config\.toml/)],
    ),
    prepare: captureAuditLog(audits, "kimi-removed"),
  },
  row(
    "kimi",
    "a [[hooks]] entry of the user's own that Kimi rejects: doctor names it, and Kimi runs no hook at all",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "kimi"]);
      // Claude Code's `type = "command"`: one entry Kimi's schema rejects switches its whole hooks section off.
      fs.appendFileSync(kimiConfig(q), '\n[[hooks]]\ntype = "command"\nevent = "Stop"\ncommand = "true"\n');
      const doctor = await q.hookrail(["doctor"]).catch((e: Error) => ({ output: e.message }));
      q.check(
        /unknown key "type"\), so Kimi Code switches every hook off, merge-gate's too/.test(doctor.output),
        `doctor: ${doctor.output.slice(0, 600)}`,
      );
      const refused = await q.hookrail(["install", "worktree-check", "--cli", "kimi"]).catch((e: Error) => e.message);
      q.check(typeof refused === "string" && /switches every hook off/.test(refused), "install wrote beside it");
    },
    "runs",
    [
      {
        name: "Kimi says only on stderr that it ignored its hooks section",
        check: (r) => expect(r.stderr).toContain("Ignored invalid config section 'hooks'"),
      },
    ],
  ),
  row(
    "kimi",
    "install twice, then worktree-check removed: hookrail's entries are merge-gate's alone, after the user's",
    async (q) => {
      fs.appendFileSync(kimiConfig(q), USER_KIMI_HOOK);
      await q.hookrail(["install", "merge-gate", "worktree-check", "--cli", "kimi"]);
      await q.hookrail(["install", "merge-gate", "--cli", "kimi"]);
      await q.hookrail(["uninstall", "worktree-check", "--cli", "kimi"]);
      const text = q.file(kimiConfig(q)) ?? "";
      q.check(text.includes(USER_KIMI_HOOK), "the user's own hook is not as it was");
      // merge-gate alone, running its own hook file: before a tool and on the prompt; worktree-check's SessionEnd
      // entry has gone, and nothing runs the dispatcher.
      q.check(
        (text.match(/\/hookrail\/merge-gate\/merge-gate\.cjs/g) ?? []).length === 2,
        `hookrail's entries: ${text}`,
      );
      q.check(!text.includes("/hookrail/dispatch.cjs"), `an entry still runs the dispatcher: ${text}`);
      q.check(!text.includes('event = "SessionEnd"'), "worktree-check's entry is left");
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".kimi-code", "hookrail", "worktree-check")), "its folder is left");
      const doctor = await q.hookrail(["doctor"]);
      q.check(/kimi user merge-gate: installed \S+, will run/.test(doctor.output), doctor.output);
    },
    "blocked",
  ),
  row(
    "kimi",
    "install all --cli all, uninstall all --cli all gives the user's config back",
    async (q) => {
      fs.appendFileSync(kimiConfig(q), USER_KIMI_HOOK);
      const before = q.file(kimiConfig(q));
      await q.hookrail(["install", "all", "--cli", "all"]);
      const installed = q.file(kimiConfig(q)) ?? "";
      const folder = (g: string) => path.join(q.s.rd.home, ".kimi-code", "hookrail", g, "kimi.json");
      q.check(installed.includes("/hookrail/dispatch.cjs"), "no entry in config.toml runs the dispatcher");
      for (const g of ["merge-gate", "worktree-check", "plan-export", "command-gates"])
        q.check(fs.existsSync(folder(g)), `${g} is not installed`);
      q.check(!fs.existsSync(folder("branch-drift")), "branch-drift, which Kimi cannot deliver, was installed");
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      q.check(q.file(kimiConfig(q)) === before, `config.toml is not as it was: ${q.file(kimiConfig(q))}`);
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".kimi-code", "hookrail")), "the copied bundles are left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
];

// OpenClaw: the plugin folder in ~/.openclaw/extensions and its entry in openclaw.json (the runner's config, which
// OpenClaw itself may rewrite as its Gateway starts: compared before any Gateway ran).
const openclawConfig = (q: Sequence) => path.join(q.s.rd.home, ".openclaw", "openclaw.json");
const openclawExtensions = (q: Sequence) => path.join(q.s.rd.home, ".openclaw", "extensions");

const openclawRows: CellRow[] = [
  row(
    "openclaw",
    "install merge-gate and command-gates, uninstall merge-gate: command-gates stays; uninstall all --cli all gives openclaw.json back",
    async (q) => {
      const before = q.file(openclawConfig(q));
      await q.hookrail(["install", "merge-gate", "command-gates", "--cli", "openclaw"]);
      const config = q.file(openclawConfig(q)) ?? "";
      for (const g of ["merge-gate", "command-gates"]) {
        q.check(fs.existsSync(path.join(openclawExtensions(q), `hookrail-${g}`, "index.js")), `no plugin for ${g}`);
        q.check(config.includes(`"hookrail-${g}"`), `openclaw.json does not enable hookrail-${g}`);
      }
      q.check(config.includes('"mock-model"'), "the user's model settings in openclaw.json are gone");
      await q.hookrail(["uninstall", "merge-gate", "--cli", "openclaw"]);
      q.check(!fs.existsSync(path.join(openclawExtensions(q), "hookrail-merge-gate")), "merge-gate's plugin is left");
      q.check(!(q.file(openclawConfig(q)) ?? "").includes("hookrail-merge-gate"), "merge-gate's entry is left");
      q.check(fs.existsSync(path.join(openclawExtensions(q), "hookrail-command-gates")), "command-gates has gone");
      const refused = await q.hookrail(["install", "worktree-check", "--cli", "openclaw"]).then(
        () => "",
        (e: Error) => e.message,
      );
      q.check(/worktree-check/.test(refused), `worktree-check was not refused: ${refused.slice(0, 300)}`);
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      q.check(q.file(openclawConfig(q)) === before, `openclaw.json is not as it was: ${q.file(openclawConfig(q))}`);
      const left = fs.existsSync(openclawExtensions(q)) ? fs.readdirSync(openclawExtensions(q)) : [];
      q.check(left.length === 0, `left in ~/.openclaw/extensions: ${left.join(", ")}`);
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
  row(
    "openclaw",
    "install merge-gate, then doctor: the Gateway loads it and it blocks",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "openclaw"]);
      const doctor = await q.hookrail(["doctor"]);
      q.check(/openclaw user merge-gate: installed \S+, will run/.test(doctor.output), doctor.output);
    },
    "blocked",
  ),
];

const USER_CLINE_HOOK = "#!/bin/bash\necho '{}'\n";

const clineRows: CellRow[] = [
  row(
    "cline",
    "three guardrails share one dispatcher per event; uninstalling one keeps the others; uninstall all --cli all in both scopes leaves only the user's own hook",
    async (q) => {
      const hooks = path.join(q.s.rd.home, ".cline", "hooks");
      const own = q.write(path.join(hooks, "PreToolUse.sh"), USER_CLINE_HOOK);
      await q.hookrail(["install", "merge-gate", "branch-drift", "command-gates", "--cli", "cline"]);
      await q.hookrail(["install", "merge-gate", "--cli", "cline", "--scope", "project"]);
      const dispatcher = path.join(hooks, "PreToolUse");
      q.check(/hookrail dispatcher/.test(q.file(dispatcher) ?? ""), "no dispatcher in ~/.cline/hooks/PreToolUse");
      q.check(fs.existsSync(path.join(q.s.rd.project, ".clinerules", "hooks", "PreToolUse")), "no project dispatcher");
      await q.hookrail(["uninstall", "merge-gate", "--cli", "cline"]);
      q.check(!fs.existsSync(path.join(hooks, "hookrail", "merge-gate")), "merge-gate's folder is left");
      q.check(fs.existsSync(dispatcher), "the dispatcher the other guardrails need has gone");
      q.check(fs.existsSync(path.join(hooks, "hookrail", "command-gates")), "command-gates has gone");
      await q.hookrail(["uninstall", "all", "--cli", "all"]);
      await q.hookrail(["uninstall", "all", "--cli", "all", "--scope", "project"]);
      q.check(q.file(own) === USER_CLINE_HOOK, "the user's PreToolUse.sh is not as it was");
      q.check(fs.readdirSync(hooks).join(",") === "PreToolUse.sh", `left in ~/.cline/hooks: ${fs.readdirSync(hooks)}`);
      q.check(!fs.existsSync(path.join(q.s.rd.project, ".clinerules")), "the project's .clinerules folder is left");
      q.check(hookrailLeft(q.s).length === 0, `left: ${hookrailLeft(q.s).join(", ")}`);
    },
    "runs",
  ),
  row(
    "cline",
    "merge-gate, branch-drift and command-gates in ~/.cline/hooks share one bundle, which the dispatcher runs for the three: gh pr merge 12 blocked",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "branch-drift", "command-gates", "--cli", "cline"]);
      const folder = path.join(q.s.rd.home, ".cline", "hooks", "hookrail");
      const codes = ["merge-gate", "branch-drift", "command-gates"].map((g) => {
        const text = q.file(path.join(folder, g, `${g}.bundle`)) ?? "";
        return text.slice(text.indexOf("\n") + 1);
      });
      q.check(codes[0] !== "" && codes.every((c) => c === codes[0]), "the three bundles are not one bundle");
    },
    "blocked",
  ),
  row(
    "cline",
    "project scope: the dispatcher in .clinerules/hooks blocks, with nothing in ~/.cline/hooks",
    async (q) => {
      await q.hookrail(["install", "merge-gate", "--cli", "cline", "--scope", "project"]);
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".cline", "hooks")), "the user's hooks folder was written");
    },
    "blocked",
  ),
  row(
    "cline",
    "a user's own ~/.cline/hooks/PreToolUse: the install refuses and leaves it as it was",
    async (q) => {
      const own = q.write(path.join(q.s.rd.home, ".cline", "hooks", "PreToolUse"), USER_CLINE_HOOK);
      const refused = await q.hookrail(["install", "merge-gate", "--cli", "cline"]).then(
        () => "",
        (e: Error) => e.message,
      );
      q.check(
        /is your own Cline PreToolUse hook/.test(refused),
        `the install did not refuse: ${refused.slice(0, 300)}`,
      );
      q.check(q.file(own) === USER_CLINE_HOOK, "the user's PreToolUse is not as it was");
      q.check(!fs.existsSync(path.join(q.s.rd.home, ".cline", "hooks", "hookrail")), "a guardrail was copied");
    },
    "runs",
  ),
];

// Each row installs what it installs itself, step by step (afterInstall); the runner installs nothing.
/**
 * Project scope alone, in a CLI no other row runs it in: the CLI's folder in the project holds a small hook file, and
 * the guardrail's code is the project's one copy in .hookrail/hooks/, which the real session runs.
 */
const projectCopy = (cli: CliName, folder: string, before?: (q: Sequence) => void): CellRow =>
  row(
    cli,
    `project scope alone: ${folder} runs the gate from the project's one copy in .hookrail/hooks/`,
    async (q) => {
      before?.(q);
      await q.hookrail(["install", "merge-gate", "--cli", cli, "--scope", "project"]);
      const copy = path.join(q.s.rd.project, ".hookrail", "hooks", "merge-gate", "merge-gate.cjs");
      q.check(fs.existsSync(copy), "the project's copy of merge-gate is missing");
      q.check(fs.existsSync(bundleFileOf(copy)), "the bundle of the project's copy is missing");
      // A bundle's own file, or one carried at the end of a hook file.
      const bundles = fs
        .readdirSync(path.join(q.s.rd.project, folder), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".bundle") || f.endsWith(".cjs"))
        .filter((f) => /(?:^|\n)\/\/hookrail-bundle /.test(q.file(path.join(q.s.rd.project, folder, f)) ?? ""));
      q.check(bundles.length === 0, `whole bundles in ${folder}: ${bundles.join(", ")}`);
    },
    "blocked",
  );

const projectCopyRows: CellRow[] = [
  projectCopy("codex", ".codex"),
  projectCopy("qwen", ".qwen"),
  projectCopy("droid", ".factory"),
  // Copilot reads a project's hook files in a folder the user trusts (its config.json's trustedFolders).
  projectCopy("copilot", ".github", (q) => {
    q.write(
      path.join(q.s.rd.home, ".copilot", "config.json"),
      `${JSON.stringify({ trustedFolders: [q.s.rd.project] })}\n`,
    );
  }),
  projectCopy("opencode", ".opencode"),
  projectCopy("kilo", ".kilo"),
];

defineCells(
  [repoSource("merge-gate")],
  [
    ...claudeRows,
    ...codexRows,
    ...geminiRows,
    ...copilotRows,
    ...qwenRows,
    ...droidRows,
    ...kimiRows,
    ...clineRows,
    ...openclawRows,
    ...auggieRows,
    ...projectCopyRows,
  ].map((r) => ({
    ...r,
    installNothing: true,
  })),
  "install lifecycle",
);
