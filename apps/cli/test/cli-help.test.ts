// The command line as a user meets it: the help (80 columns), `help <command>`, and every usage error: one line,
// the command's usage, and where its help is.
import { stableText } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../src/cli/commands.ts";
import { closest } from "../src/cli/did-you-mean.ts";
import { generalHelp } from "../src/cli/usage.ts";
import { installers } from "../src/install/installers.ts";
import { helpContext } from "../src/main.ts";
import { adapters } from "../src/registry.ts";
import { call } from "./_call.ts";

// The lists that grow with every CLI added are checked on their own, so the goldens stay put.
const clisLine = `CLIs: ${Object.keys(installers).join(", ")}`;
const stable = (text: string) =>
  stableText(text)
    .replace(/^CLIs: (?:.*,\n)*.*$/m, "CLIs: <every CLI>")
    .replace(/(unknown CLI "[^"]*"; choose one of: ).*$/m, "$1<every CLI>")
    .replace(/needs --cli <[^>]*>/, "needs --cli <every CLI|all>")
    .replace(/^hookrail \d+\.\d+\.\d+\S* /m, "hookrail <version> ");

describe("help", () => {
  it("hookrail --help: one line per command", async () => {
    const { code, stdout } = await call(["--help"]);
    expect(code).toBe(0);
    expect(stdout.replace(/,\n/g, ", ")).toContain(`\n${clisLine}\n`);
    expect(stable(stdout)).toMatchInlineSnapshot(`
      "hookrail <version> — guardrail hooks for AI coding agents

      usage: hookrail <command> [options]

      commands:
        install     install guardrails into a CLI
        uninstall   remove exactly what install added
        update      reinstall every installed guardrail from this version
        list        what is installed, per CLI and scope, and whether it runs
        doctor      every reason an installed guardrail would not run, and the fix
        log         what the guardrails did: blocks, asks, approvals, notes, failures
        explain     how a guardrail decides on a command, step by step
        try         one sample event, the decision in words
        run         read an event on stdin, answer as the installed hook
        demo        every guardrail on a throwaway repository, for each CLI
        new         a new guardrail package (in a clone of the hookrail repository)
        help        help on a command

      guardrails: branch-drift, command-gates, merge-gate, plan-export, worktree-check
      CLIs: <every CLI>

      hookrail help <command> (or hookrail <command> --help) shows its options.
      "
    `);
  });

  it("no command: the same help, exit 2", async () => {
    const { code, stdout } = await call([]);
    expect(code).toBe(2);
    expect(stdout).toBe((await call(["--help"])).stdout);
  });

  it("hookrail help <command> is hookrail <command> --help", async () => {
    for (const { name } of COMMANDS) {
      const help = await call(["help", name]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe((await call([name, "--help"])).stdout);
      expect(help.stdout).toMatch(new RegExp(`^usage: hookrail ${name}`));
    }
  });

  it("hookrail help <command>, for every command", async () => {
    const texts: string[] = [];
    for (const { name } of COMMANDS) texts.push(`$ hookrail help ${name}\n${(await call(["help", name])).stdout}`);
    expect(texts.join("\n")).toMatchInlineSnapshot(`
      "$ hookrail help install
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook

      Installs each guardrail into each CLI, through the CLI's own installer where
      it has one. Plans everything first; changes nothing when any step would fail.
      --git-hook adds the merge gate's git pre-push hook to this repository.
      --cli all: every CLI this machine has, found by its command on PATH or
      its own folder in the home (or where the CLI's own variable moves it);
      a line names each CLI left out, and why. Claude Code, Qwen Code, and Gemini
      CLI in the user scope install through their own command, so it must be on
      PATH; the others only write files. With --scope managed, --cli all is every
      CLI that has that scope.

      options:
        --cli <cli|all>  the CLI to install into (a,b: several), or all; repeatable
        --scope <scope>  user (default), project (committed with the repository),
                         managed (root)
        --prefix <dir>   managed scope: where the bundles go (default /opt/hookrail)
        --git-hook       the merge gate's git pre-push hook, in this repository
        --dry-run        print the diff of every file it would change; change nothing
        -h, --help       help on the command

      $ hookrail help uninstall
      usage: hookrail uninstall <guardrail…|all> --cli <cli|all> [--scope <scope>]
                                [--purge] [--dry-run]
             hookrail uninstall merge-gate --git-hook

      Removes exactly what install added, putting back files nothing else changed.
      The last uninstall keeps the audit log (hookrail log) and says where it is;
      --purge removes it too.

      options:
        --cli <cli|all>  the CLI to uninstall from (a,b: several), or all; repeatable
        --scope <scope>  user (default), project (committed with the repository),
                         managed (root)
        --git-hook       the merge gate's git pre-push hook, putting back the one
                         before
        --purge          with the last install, remove the audit log too
        --dry-run        print the diff of every file it would change; change nothing
        -h, --help       help on the command

      $ hookrail help update
      usage: hookrail update [--dry-run]

      Reinstalls every recorded install from this version (Codex: re-trusted).

      options:
        --dry-run   print the diff of every file it would change; change nothing
        -h, --help  help on the command

      $ hookrail help list
      usage: hookrail list [--json]

      What is installed, per CLI and scope, its version, and whether it will run.

      options:
        --json      print JSON for scripts
        -h, --help  help on the command

      $ hookrail help doctor
      usage: hookrail doctor [--json]

      Every reason an installed guardrail would not run, and its fix. Exit 1 when
      anything needs fixing.

      options:
        --json      print JSON for scripts
        -h, --help  help on the command

      $ hookrail help log
      usage: hookrail log [--since <when>] [--guardrail <g>] [--cli <cli>]
                          [--session <id>] [--repo <path|name>] [--blocked]
                          [--json | --summary]

      The audit log, newest first: every block, ask, approval used, note to the
      model, message to the user and failure, from every guardrail in every CLI.
      Kept in the per-user state folder; secrets are redacted (docs/commands.md).

      options:
        --since <when>      2h, 30m, 1d, 2w, or a date: 2026-12-01
        --guardrail <g>     only this guardrail
        --cli <cli>         only this CLI
        --session <id>      only this session (the start of its id is enough)
        --repo <path|name>  only this repository (. for the current one)
        --blocked           only what was blocked (blocks, and gates that failed
                            closed)
        --json              the entries as a JSON array, newest first
        --summary           counts per day, guardrail and decision
        -h, --help          help on the command

      $ hookrail help explain
      usage: hookrail explain <guardrail> [--cli <cli>] [--json] -- '<command>'

      The trace of the guardrail's own analysis: the simple commands the line runs,
      the folder, branch and repository state at each, the rule that matched, and
      what could not be known and why. Exit codes as for try.

      options:
        --cli <cli>  the CLI whose payload and answer to use (default: claude)
        --json       the trace as JSON
        -h, --help   help on the command

      $ hookrail help try
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']

      Sends one sample event (a shell command, a file edit, a session start) and
      prints the decision, and what the config files set that it ignored. Exit codes:
      0 allowed, 3 blocked, 4 the user is asked, 5 allowed with a note for the model
      or a message for the user.

      options:
        --cli <cli>  the CLI whose payload and answer to use (default: claude)
        --json       the decision as JSON
        -h, --help   help on the command

      $ hookrail help run
      usage: hookrail run <guardrail> --cli <cli>

      Reads one event on stdin and answers exactly as the installed hook would.

      options:
        --cli <cli>  the CLI whose payload it reads and answers
        -h, --help   help on the command

      $ hookrail help demo
      usage: hookrail demo

      Every guardrail on a throwaway repository, with each CLI's own events.

      options:
        -h, --help  help on the command

      $ hookrail help new
      usage: hookrail new <name> [--kind basic|command-gate] [--pattern '<words>']…
                          [--approval-var <NAME>]

      A new guardrail package, shaped like the shipped ones. It works in a clone of
      the hookrail repository (npm run new -- <name> builds the command first);
      see docs/writing-a-guardrail.md.
      command-gate: blocks commands matching its patterns unless <NAME>=1 prefixes
      them (defaults from the name: publish-gate blocks publish unless
      PUBLISH_APPROVED=1). basic: blocks commands containing a string.

      options:
        --kind <kind>          basic (default) or command-gate
        --pattern <words>      command-gate: a command to block, e.g. "npm publish";
                               repeatable
        --approval-var <NAME>  command-gate: the approval variable
        -h, --help             help on the command

      $ hookrail help help
      usage: hookrail help [<command>]

      Help on a command: its usage, what it does and its options.

      options:
        -h, --help  help on the command
      "
    `);
  });

  it("fits 80 columns, every line of every help", async () => {
    const texts = [(await call(["--help"])).stdout];
    for (const { name } of COMMANDS) texts.push((await call(["help", name])).stdout);
    const wide = texts.flatMap((t) => t.split("\n")).filter((line) => [...line].length > 80);
    expect(wide).toEqual([]);
  });

  it("leaves out new where it cannot work (the published package has no repository to write into)", () => {
    const text = generalHelp({ ...helpContext({}), unavailable: ["new"] });
    expect(text).not.toMatch(/^ {2}new /m);
    expect(generalHelp(helpContext({ HOOKRAIL_REPO_ROOT: "/r" }))).toMatch(/^ {2}new /m);
  });
});

const USAGE_ERRORS: [string, string[]][] = [
  ["an unknown command", ["instal", "merge-gate", "--cli", "claude"]],
  ["a command far from any", ["frobnicate"]],
  ["help on an unknown command", ["help", "exlpain"]],
  ["an unknown option", ["log", "--sinse", "2h"]],
  ["an option of another command", ["list", "--cli", "claude"]],
  ["an unknown option where a command is checked", ["try", "merge-gate", "gh", "pr", "merge", "--admin"]],
  ["an option without its value", ["try", "merge-gate", "--cli"]],
  ["an option's value taken for another option", ["run", "merge-gate", "--cli", "--json"]],
  ["a value for a switch", ["list", "--json=yes"]],
  ["an unknown guardrail", ["try", "merge-gat", "--", "ls"]],
  ["no guardrail", ["run", "--cli", "claude"]],
  ["an unknown CLI", ["try", "merge-gate", "--cli", "gemni", "--", "ls"]],
  ["a CLI far from any", ["run", "merge-gate", "--cli", "vim"]],
  ["try without the command", ["try", "merge-gate"]],
  ["explain without the command", ["explain", "merge-gate", "--cli", "codex"]],
  ["install without --cli", ["install", "merge-gate"]],
  ["install into an unknown CLI", ["install", "merge-gate", "--cli", "cladue"]],
  ["install an unknown guardrail", ["install", "worktree", "--cli", "claude"]],
  ["install with an unknown scope", ["install", "merge-gate", "--cli", "claude", "--scope", "global"]],
  ["--git-hook for another guardrail", ["install", "branch-drift", "--git-hook"]],
  ["log --since in a form it does not know", ["log", "--since", "yesterday"]],
  ["log --guardrail unknown", ["log", "--guardrail", "merge"]],
  ["log --cli unknown", ["log", "--cli", "claud"]],
  ["new without a name", ["new"]],
  ["new with an unknown kind", ["new", "publish-gate", "--kind", "gate"]],
  ["new --pattern for the basic kind", ["new", "publish-gate", "--pattern", "npm publish"]],
  ["new with a bad pattern", ["new", "publish-gate", "--kind", "command-gate", "--pattern", "npm;publish"]],
];

describe("usage errors", () => {
  it.each(USAGE_ERRORS)("%s: one line, the usage, where the help is; exit 2", async (_label, argv) => {
    const { code, stdout, stderr } = await call(argv, { env: { HOOKRAIL_REPO_ROOT: "/nonexistent" } });
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    const lines = stderr.split("\n");
    expect(lines[0]).toMatch(/^hookrail: /);
    expect(lines[1]).toMatch(/^usage: hookrail /);
    expect(lines.at(-2)).toMatch(/^see hookrail (\w+ )?--help$/);
    expect(lines.at(-1)).toBe("");
  });

  it("every one of them, word for word", async () => {
    const texts: string[] = [];
    for (const [, argv] of USAGE_ERRORS) {
      const { stderr } = await call(argv, { env: { HOOKRAIL_REPO_ROOT: "/nonexistent" } });
      texts.push(`$ hookrail ${argv.join(" ")}\n${stable(stderr)}`);
    }
    expect(texts.join("\n")).toMatchInlineSnapshot(`
      "$ hookrail instal merge-gate --cli claude
      hookrail: unknown command "instal"; did you mean "install"?
      usage: hookrail <command> [options]
      see hookrail --help

      $ hookrail frobnicate
      hookrail: unknown command "frobnicate"; choose one of: install, uninstall, update, list, doctor, log, explain, try, run, demo, new, help
      usage: hookrail <command> [options]
      see hookrail --help

      $ hookrail help exlpain
      hookrail: unknown command "exlpain"; did you mean "explain"?
      usage: hookrail help [<command>]
      see hookrail help --help

      $ hookrail log --sinse 2h
      hookrail: unknown option --sinse for log; did you mean --since?
      usage: hookrail log [--since <when>] [--guardrail <g>] [--cli <cli>]
                          [--session <id>] [--repo <path|name>] [--blocked]
                          [--json | --summary]
      see hookrail log --help

      $ hookrail list --cli claude
      hookrail: --cli is not an option of list
      usage: hookrail list [--json]
      see hookrail list --help

      $ hookrail try merge-gate gh pr merge --admin
      hookrail: unknown option --admin for try; put the command to check after --
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']
      see hookrail try --help

      $ hookrail try merge-gate --cli
      hookrail: --cli needs a value: --cli <cli>
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']
      see hookrail try --help

      $ hookrail run merge-gate --cli --json
      hookrail: --cli needs a value: --cli <cli>
      usage: hookrail run <guardrail> --cli <cli>
      see hookrail run --help

      $ hookrail list --json=yes
      hookrail: --json takes no value
      usage: hookrail list [--json]
      see hookrail list --help

      $ hookrail try merge-gat -- ls
      hookrail: unknown guardrail "merge-gat"; did you mean "merge-gate"?
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']
      see hookrail try --help

      $ hookrail run --cli claude
      hookrail: give a guardrail: one of branch-drift, command-gates, merge-gate, plan-export, worktree-check
      usage: hookrail run <guardrail> --cli <cli>
      see hookrail run --help

      $ hookrail try merge-gate --cli gemni -- ls
      hookrail: unknown CLI "gemni"; did you mean "gemini"?
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']
      see hookrail try --help

      $ hookrail run merge-gate --cli vim
      hookrail: unknown CLI "vim"; choose one of: <every CLI>
      usage: hookrail run <guardrail> --cli <cli>
      see hookrail run --help

      $ hookrail try merge-gate
      hookrail: give the shell command to check: hookrail try merge-gate -- 'gh pr merge 12'
      usage: hookrail try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']
      see hookrail try --help

      $ hookrail explain merge-gate --cli codex
      hookrail: give the shell command to check: hookrail explain merge-gate -- 'gh pr merge 12'
      usage: hookrail explain <guardrail> [--cli <cli>] [--json] -- '<command>'
      see hookrail explain --help

      $ hookrail install merge-gate
      hookrail: install needs --cli <every CLI|all>
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook
      see hookrail install --help

      $ hookrail install merge-gate --cli cladue
      hookrail: unknown CLI "cladue"; did you mean "claude"?
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook
      see hookrail install --help

      $ hookrail install worktree --cli claude
      hookrail: unknown guardrail "worktree"; did you mean "worktree-check"?
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook
      see hookrail install --help

      $ hookrail install merge-gate --cli claude --scope global
      hookrail: unknown scope "global"; choose one of: user, project, managed
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook
      see hookrail install --help

      $ hookrail install branch-drift --git-hook
      hookrail: --git-hook is a merge-gate layer; use: hookrail install merge-gate --git-hook
      usage: hookrail install <guardrail…|all> --cli <cli|all> [--scope <scope>]
                              [--dry-run]
             hookrail install merge-gate --git-hook
      see hookrail install --help

      $ hookrail log --since yesterday
      hookrail: --since yesterday: give a time ago (30m, 2h, 1d, 2w) or a date (2026-12-01)
      usage: hookrail log [--since <when>] [--guardrail <g>] [--cli <cli>]
                          [--session <id>] [--repo <path|name>] [--blocked]
                          [--json | --summary]
      see hookrail log --help

      $ hookrail log --guardrail merge
      hookrail: no guardrail "merge" in hookrail or its log; did you mean "merge-gate"?
      usage: hookrail log [--since <when>] [--guardrail <g>] [--cli <cli>]
                          [--session <id>] [--repo <path|name>] [--blocked]
                          [--json | --summary]
      see hookrail log --help

      $ hookrail log --cli claud
      hookrail: no CLI "claud" in hookrail or its log; did you mean "claude"?
      usage: hookrail log [--since <when>] [--guardrail <g>] [--cli <cli>]
                          [--session <id>] [--repo <path|name>] [--blocked]
                          [--json | --summary]
      see hookrail log --help

      $ hookrail new
      hookrail: give the new guardrail a name in lower-case letters, digits and dashes: hookrail new no-force-push
      usage: hookrail new <name> [--kind basic|command-gate] [--pattern '<words>']…
                          [--approval-var <NAME>]
      see hookrail new --help

      $ hookrail new publish-gate --kind gate
      hookrail: unknown kind "gate"; choose one of: basic, command-gate
      usage: hookrail new <name> [--kind basic|command-gate] [--pattern '<words>']…
                          [--approval-var <NAME>]
      see hookrail new --help

      $ hookrail new publish-gate --pattern npm publish
      hookrail: --pattern and --approval-var are for --kind command-gate
      usage: hookrail new <name> [--kind basic|command-gate] [--pattern '<words>']…
                          [--approval-var <NAME>]
      see hookrail new --help

      $ hookrail new publish-gate --kind command-gate --pattern npm;publish
      hookrail: --pattern "npm;publish": a command and its words, separated by spaces, e.g. --pattern "npm publish"
      usage: hookrail new <name> [--kind basic|command-gate] [--pattern '<words>']…
                          [--approval-var <NAME>]
      see hookrail new --help
      "
    `);
  });
});

describe("did you mean", () => {
  it.each<[string, readonly string[], string[]]>([
    ["instal", COMMANDS.map((c) => c.name), ["install"]],
    ["unistall", COMMANDS.map((c) => c.name), ["uninstall"]],
    ["exlpain", COMMANDS.map((c) => c.name), ["explain"]],
    ["merge", ["merge-gate", "worktree-check"], ["merge-gate"]],
    ["mergegate", ["merge-gate", "worktree-check"], ["merge-gate"]],
    ["brnch-drift", ["branch-drift"], ["branch-drift"]],
    ["gemni", Object.keys(adapters), ["gemini"]],
    ["Claude", Object.keys(adapters), ["claude"]],
    ["vim", Object.keys(adapters), []],
    ["", Object.keys(adapters), []],
  ])("%j → %j", (word, candidates, expected) => {
    expect(closest(word, candidates)).toEqual(expected);
  });
});
