// The hookrail command: parses arguments and dispatches. Returns the exit code; never exits itself.
import { parseArgs } from "node:util";
import { demoCommand } from "./commands/demo.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { installCommand } from "./commands/install.ts";
import { listCommand } from "./commands/list.ts";
import { newCommand } from "./commands/new.ts";
import { runCommand } from "./commands/run.ts";
import { tryCommand } from "./commands/try.ts";
import { updateCommand } from "./commands/update.ts";
import { gitHookCommand } from "./install/git-hook-command.ts";
import { installers } from "./install/installers.ts";
import type { CommandIO } from "./io.ts";
import { guardrails, UsageError, UserError } from "./registry.ts";
import { VERSION } from "./version.ts";

export const USAGE = `hookrail ${VERSION} — guardrail hooks for AI coding agents

usage:
  hookrail install <guardrail…|all> --cli <cli|all> [--scope user|project|managed] [--prefix dir] [--dry-run]
                                                  install guardrails into each CLI (its own installer where it has one;
                                                  managed: the administrator's layer, as root)
  hookrail uninstall <guardrail…|all> --cli <cli|all> [--scope user|project|managed] [--dry-run]
                                                  remove exactly what install added
  hookrail update [--dry-run]                     reinstall every installed guardrail from this version
  hookrail list [--json]                          what is installed, per CLI and scope, and whether it will run
  hookrail doctor [--json]                        every reason an installed guardrail would not run, and the fix
  hookrail demo                                   every guardrail on a throwaway repo, for each CLI
  hookrail try <guardrail> [--cli c] [-- args]     one sample event, the decision in words
  hookrail run <guardrail> --cli <cli>
                                                  read an event on stdin, answer as the installed hook
  hookrail install merge-gate --git-hook          git pre-push hook in this repository (chains an existing one)
  hookrail uninstall merge-gate --git-hook        remove it, putting back the hook that was there
  hookrail new <name> [--kind basic|command-gate] a new guardrail package, shaped like the shipped ones
        [--pattern "npm publish"]… [--approval-var PUBLISH_APPROVED]
                                                  command-gate: blocks commands matching its patterns unless
                                                  <var>=1 prefixes them (defaults from the name: publish-gate
                                                  blocks "publish" unless PUBLISH_APPROVED=1); basic: blocks
                                                  commands containing a string. In a clone, npm run new -- <name>
                                                  [flags] builds the command first (docs/writing-a-guardrail.md)
guardrails: ${Object.keys(guardrails).join(", ")}
CLIs: ${Object.keys(installers).join(", ")}
--cli all: every CLI this machine has, found by its command on PATH or its own
  folder (~/.claude, ~/.gemini, ~/.codex or $CODEX_HOME, ~/.copilot); a line
  names each CLI left out, and why. Claude Code, and Gemini CLI in the user
  scope, install through their own command, so it must be on PATH; Codex,
  Copilot CLI and Gemini CLI's project scope only write files. With --scope
  managed, --cli all is every CLI that has that scope.
`;

/** The usage lines of one command (its line in USAGE and the lines that continue it), else the whole text. */
export function commandUsage(command: string): string {
  const lines = USAGE.split("\n");
  const start = lines.findIndex(
    (line) => line.startsWith(`  hookrail ${command} `) || line === `  hookrail ${command}`,
  );
  if (start < 0) return USAGE;
  let end = start + 1;
  while (end < lines.length && /^ {4,}/.test(lines[end] ?? "")) end++;
  return `usage:\n${lines.slice(start, end).join("\n")}\n`;
}

const OPTIONS = {
  cli: { type: "string" },
  scope: { type: "string" },
  prefix: { type: "string" },
  "git-hook": { type: "boolean" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
  kind: { type: "string" },
  pattern: { type: "string", multiple: true },
  "approval-var": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    const [command, ...names] = positionals;
    const [name, ...rest] = names;
    if (values.version) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (values.help || !command) {
      io.stdout.write(command ? commandUsage(command) : USAGE);
      return command || values.help ? 0 : 2;
    }
    const install = { cli: values.cli, scope: values.scope, prefix: values.prefix, dryRun: values["dry-run"] };
    switch (command) {
      case "run":
        return await runCommand(name, values.cli, io);
      case "try":
        return await tryCommand(name, values.cli ?? "claude", rest, io);
      case "demo":
        return await demoCommand(io);
      case "doctor":
        return await doctorCommand(io, { json: values.json });
      case "list":
        return listCommand(io, { json: values.json });
      case "new":
        return await newCommand(name, io, {
          kind: values.kind,
          patterns: values.pattern,
          approvalVariable: values["approval-var"],
        });
      case "install":
      case "uninstall":
        if (values["git-hook"]) return gitHookCommand(command, name, io);
        if (!values.cli) throw new UsageError(`${command} needs --cli <${Object.keys(installers).join("|")}|all>`);
        return await installCommand(command, names, install, io);
      case "update":
        return await updateCommand(io, install);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr.write(`hookrail: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof UserError) {
      io.stderr.write(`hookrail: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`hookrail: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
