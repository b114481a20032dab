// The hookrail command: parses arguments and dispatches. Returns the exit code; never exits itself.
import { COMMANDS, findCommand } from "./cli/commands.ts";
import { parseCommandLine, unknownCommand } from "./cli/parse.ts";
import { commandHelp, generalHelp, usageErrorText } from "./cli/usage.ts";
import { demoCommand } from "./commands/demo.ts";
import { doctorCommand } from "./commands/doctor.ts";
import { explainCommand } from "./commands/explain.ts";
import { installCommand } from "./commands/install.ts";
import { listCommand } from "./commands/list.ts";
import { logCommand } from "./commands/log.ts";
import { newCommand, newWorksHere } from "./commands/new.ts";
import { runCommand } from "./commands/run.ts";
import { tryCommand } from "./commands/try.ts";
import { updateCommand } from "./commands/update.ts";
import { gitHookCommand } from "./install/git-hook-command.ts";
import { installers } from "./install/installers.ts";
import type { CommandIO } from "./io.ts";
import { guardrails, namesIn, UsageError, UserError } from "./registry.ts";
import { VERSION } from "./version.ts";

/** What the help lists, and leaves out where it cannot work. */
export function helpContext(env: NodeJS.ProcessEnv) {
  return {
    version: VERSION,
    guardrails: Object.keys(guardrails),
    clis: Object.keys(installers),
    unavailable: newWorksHere(env) ? [] : ["new"],
  };
}

export async function main(argv: string[], io: CommandIO): Promise<number> {
  let running: string | undefined;
  try {
    const { command, words, values } = parseCommandLine(argv);
    running = command?.name;
    const [name, ...rest] = words;
    if (values.version) {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    if (!command || values.help) {
      io.stdout.write(command ? commandHelp(command) : generalHelp(helpContext(io.env)));
      return command || values.help ? 0 : 2;
    }
    const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
    const flag = (key: string) => values[key] === true;
    const cli = text("cli");
    // install and uninstall take --cli more than once, or a list separated by commas: each CLI named.
    const clis = Array.isArray(values.cli) ? namesIn(values.cli) : cli;
    const install = {
      cli: Array.isArray(clis) && clis.length <= 1 ? clis[0] : clis,
      scope: text("scope"),
      prefix: text("prefix"),
      dryRun: flag("dry-run"),
      purge: flag("purge"),
    };
    switch (command.name) {
      case "help": {
        if (!name) {
          io.stdout.write(generalHelp(helpContext(io.env)));
          return 0;
        }
        const spec = findCommand(name);
        if (!spec)
          throw unknownCommand(
            name,
            COMMANDS.map((c) => c.name),
          );
        io.stdout.write(commandHelp(spec));
        return 0;
      }
      case "run":
        return await runCommand(name, cli, io);
      case "try":
        return await tryCommand(name, cli ?? "claude", rest, io, { json: flag("json") });
      case "log":
        return await logCommand(io, {
          since: text("since"),
          guardrail: text("guardrail"),
          cli,
          session: text("session"),
          repo: text("repo"),
          blocked: flag("blocked"),
          json: flag("json"),
          summary: flag("summary"),
        });
      case "explain":
        return await explainCommand(name, cli ?? "claude", rest, io, { json: flag("json") });
      case "demo":
        return await demoCommand(io);
      case "doctor":
        return await doctorCommand(io, { json: flag("json") });
      case "list":
        return listCommand(io, { json: flag("json") });
      case "new":
        return await newCommand(name, io, {
          kind: text("kind"),
          patterns: Array.isArray(values.pattern) ? values.pattern : undefined,
          approvalVariable: text("approval-var"),
        });
      case "install":
      case "uninstall":
        if (flag("git-hook")) return gitHookCommand(command.name, name, io);
        if (!install.cli)
          throw new UsageError(`${command.name} needs --cli <${Object.keys(installers).join("|")}|all>`);
        return await installCommand(command.name, words, install, io);
      case "update":
        return await updateCommand(io, install);
      default:
        throw unknownCommand(
          command.name,
          COMMANDS.map((c) => c.name),
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(usageErrorText(error.message, error.command ?? running));
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
