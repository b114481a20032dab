// The hookrail command's commands: their usage, a line on what each does, and the options each takes. The
// help, the usage errors and the option checks are all made from this table (usage.ts, parse.ts).

/** An option, as `--name` (and `-x`), the value it takes, and what it is for. */
export interface OptionSpec {
  name: string;
  short?: string;
  /** The value's placeholder (`<cli>`); none for a switch. */
  value?: string;
  /** May be given more than once. */
  multiple?: boolean;
  help: string;
}

export interface CommandSpec {
  name: string;
  /** Usage lines after `hookrail ` (wrapped to 80 columns when shown). */
  usage: string[];
  /** One line for the command list. */
  summary: string;
  /** Lines shown by `hookrail help <command>` (≤ 78 columns). */
  about: string[];
  options: OptionSpec[];
  /** Words after `--` are the command's own (try, explain). */
  takesCommand?: boolean;
}

const CLI = { name: "cli", value: "<cli>", help: "the CLI whose payload and answer to use (default: claude)" };
const JSON_OUT = { name: "json", help: "print JSON for scripts" };
const DRY_RUN = { name: "dry-run", help: "print the diff of every file it would change; change nothing" };
const SCOPE = {
  name: "scope",
  value: "<scope>",
  help: "user (default), project (committed with the repository), managed (root)",
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "install",
    usage: ["install <guardrail…|all> --cli <cli|all> [--scope <scope>] [--dry-run]", "install merge-gate --git-hook"],
    summary: "install guardrails into a CLI",
    about: [
      "Installs each guardrail into each CLI, through the CLI's own installer where",
      "it has one. Plans everything first; changes nothing when any step would fail.",
      "--git-hook adds the merge gate's git pre-push hook to this repository.",
      "--cli all: every CLI this machine has, found by its command on PATH or",
      "its own folder in the home (or where the CLI's own variable moves it);",
      "a line names each CLI left out, and why. Claude Code, Qwen Code, and Gemini",
      "CLI in the user scope install through their own command, so it must be on",
      "PATH; the others only write files. With --scope managed, --cli all is every",
      "CLI that has that scope.",
    ],
    options: [
      { name: "cli", value: "<cli|all>", multiple: true, help: "the CLI to install into (a,b: several), or all" },
      SCOPE,
      { name: "prefix", value: "<dir>", help: "managed scope: where the bundles go (default /opt/hookrail)" },
      { name: "git-hook", help: "the merge gate's git pre-push hook, in this repository" },
      DRY_RUN,
    ],
  },
  {
    name: "uninstall",
    usage: [
      "uninstall <guardrail…|all> --cli <cli|all> [--scope <scope>] [--purge] [--dry-run]",
      "uninstall merge-gate --git-hook",
    ],
    summary: "remove exactly what install added",
    about: [
      "Removes exactly what install added, putting back files nothing else changed.",
      "The last uninstall keeps the audit log (hookrail log) and says where it is;",
      "--purge removes it too.",
    ],
    options: [
      { name: "cli", value: "<cli|all>", multiple: true, help: "the CLI to uninstall from (a,b: several), or all" },
      SCOPE,
      { name: "git-hook", help: "the merge gate's git pre-push hook, putting back the one before" },
      { name: "purge", help: "with the last install, remove the audit log too" },
      DRY_RUN,
    ],
  },
  {
    name: "update",
    usage: ["update [--dry-run]"],
    summary: "reinstall every installed guardrail from this version",
    about: ["Reinstalls every recorded install from this version (Codex: re-trusted)."],
    options: [DRY_RUN],
  },
  {
    name: "list",
    usage: ["list [--json]"],
    summary: "what is installed, per CLI and scope, and whether it runs",
    about: ["What is installed, per CLI and scope, its version, and whether it will run."],
    options: [JSON_OUT],
  },
  {
    name: "doctor",
    usage: ["doctor [--json]"],
    summary: "every reason an installed guardrail would not run, and the fix",
    about: ["Every reason an installed guardrail would not run, and its fix. Exit 1 when", "anything needs fixing."],
    options: [JSON_OUT],
  },
  {
    name: "log",
    usage: [
      "log [--since <when>] [--guardrail <g>] [--cli <cli>] [--session <id>] [--repo <path|name>] [--blocked] [--json | --summary]",
    ],
    summary: "what the guardrails did: blocks, asks, approvals, notes, failures",
    about: [
      "The audit log, newest first: every block, ask, approval used, note to the",
      "model, message to the user and failure, from every guardrail in every CLI.",
      "Kept in the per-user state folder; secrets are redacted (docs/commands.md).",
    ],
    options: [
      { name: "since", value: "<when>", help: "2h, 30m, 1d, 2w, or a date: 2026-12-01" },
      { name: "guardrail", value: "<g>", help: "only this guardrail" },
      { name: "cli", value: "<cli>", help: "only this CLI" },
      { name: "session", value: "<id>", help: "only this session (the start of its id is enough)" },
      { name: "repo", value: "<path|name>", help: "only this repository (. for the current one)" },
      { name: "blocked", help: "only what was blocked (blocks, and gates that failed closed)" },
      { name: "json", help: "the entries as a JSON array, newest first" },
      { name: "summary", help: "counts per day, guardrail and decision" },
    ],
  },
  {
    name: "explain",
    usage: ["explain <guardrail> [--cli <cli>] [--json] -- '<command>'"],
    summary: "how a guardrail decides on a command, step by step",
    about: [
      "The trace of the guardrail's own analysis: the simple commands the line runs,",
      "the folder, branch and repository state at each, the rule that matched, and",
      "what could not be known and why. Exit codes as for try.",
    ],
    options: [CLI, { name: "json", help: "the trace as JSON" }],
    takesCommand: true,
  },
  {
    name: "try",
    usage: ["try <guardrail> [--cli <cli>] [--json] [-- '<command or file>']"],
    summary: "one sample event, the decision in words",
    about: [
      "Sends one sample event (a shell command, a file edit, a session start) and",
      "prints the decision, and what the config files set that it ignored. Exit codes:",
      "0 allowed, 3 blocked, 4 the user is asked, 5 allowed with a note for the model",
      "or a message for the user.",
    ],
    options: [CLI, { name: "json", help: "the decision as JSON" }],
    takesCommand: true,
  },
  {
    name: "run",
    usage: ["run <guardrail> --cli <cli>"],
    summary: "read an event on stdin, answer as the installed hook",
    about: ["Reads one event on stdin and answers exactly as the installed hook would."],
    options: [{ name: "cli", value: "<cli>", help: "the CLI whose payload it reads and answers" }],
  },
  {
    name: "demo",
    usage: ["demo"],
    summary: "every guardrail on a throwaway repository, for each CLI",
    about: ["Every guardrail on a throwaway repository, with each CLI's own events."],
    options: [],
  },
  {
    name: "new",
    usage: ["new <name> [--kind basic|command-gate] [--pattern '<words>']… [--approval-var <NAME>]"],
    summary: "a new guardrail package (in a clone of the hookrail repository)",
    about: [
      "A new guardrail package, shaped like the shipped ones. It works in a clone of",
      "the hookrail repository (npm run new -- <name> builds the command first);",
      "see docs/writing-a-guardrail.md.",
      "command-gate: blocks commands matching its patterns unless <NAME>=1 prefixes",
      "them (defaults from the name: publish-gate blocks publish unless",
      "PUBLISH_APPROVED=1). basic: blocks commands containing a string.",
    ],
    options: [
      { name: "kind", value: "<kind>", help: "basic (default) or command-gate" },
      {
        name: "pattern",
        value: "<words>",
        multiple: true,
        help: 'command-gate: a command to block, e.g. "npm publish"',
      },
      { name: "approval-var", value: "<NAME>", help: "command-gate: the approval variable" },
    ],
  },
  {
    name: "help",
    usage: ["help [<command>]"],
    summary: "help on a command",
    about: ["Help on a command: its usage, what it does and its options."],
    options: [],
  },
];

/** Options every command takes. */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { name: "help", short: "h", help: "help on the command" },
  { name: "version", short: "v", help: "the version of hookrail" },
];

export const findCommand = (name: string | undefined) => COMMANDS.find((c) => c.name === name);
