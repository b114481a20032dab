// The hookrail command: parses arguments and dispatches. Returns the exit code; never exits itself.
import { parseArgs } from "node:util";
import { demoCommand } from "./commands/demo.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { installCommand } from "./commands/install.ts";
import { newCommand } from "./commands/new.ts";
import { runCommand } from "./commands/run.ts";
import { tryCommand } from "./commands/try.ts";
import { gitHookCommand } from "./install/git-hook-command.ts";
import type { CommandIO } from "./io.ts";
import { guardrails, UsageError, UserError } from "./registry.ts";

export const USAGE = `hookrail — guardrail hooks for Claude Code, Gemini CLI and Codex

usage:
  hookrail demo                                   every guardrail on a throwaway repo, for each CLI
  hookrail try <guardrail> [--cli c] [-- args]     one sample event, the decision in words
  hookrail run <guardrail> --cli <claude|gemini|codex>
                                                  read an event on stdin, answer as the installed hook
  hookrail install <guardrail> --cli <claude|gemini|codex>
                                                  install one guardrail (Codex: copied, merged and trusted)
  hookrail install merge-gate --git-hook          git pre-push hook in this repository (chains an existing one)
  hookrail uninstall merge-gate --git-hook        remove it, putting back the hook that was there
  hookrail new <name>                             a new guardrail package, shaped like the shipped ones
  hookrail doctor                                 check node, git, config, state folder, Codex trust
guardrails: ${Object.keys(guardrails).join(", ")}
`;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { cli: { type: "string" }, "git-hook": { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
    const [command, name, ...rest] = positionals;
    if (values.help || !command) {
      io.stdout.write(USAGE);
      return command || values.help ? 0 : 2;
    }
    switch (command) {
      case "run":
        return await runCommand(name, values.cli, io);
      case "try":
        return await tryCommand(name, values.cli ?? "claude", rest, io);
      case "demo":
        return await demoCommand(io);
      case "doctor":
        return await doctorCommand(io);
      case "new":
        return await newCommand(name, io);
      case "install":
        if (values["git-hook"]) return gitHookCommand("install", name, io);
        return await installCommand(name, values.cli, io);
      case "uninstall":
        if (values["git-hook"]) return gitHookCommand("uninstall", name, io);
        throw new UsageError("uninstall removes the git hook only: hookrail uninstall merge-gate --git-hook");
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
