// The command line read against the command table: which command, its words, and its options, each checked
// here with a message of our own (an unknown option, one the command does not take, a missing value).
import { parseArgs } from "node:util";
import { UsageError } from "../registry.ts";
import { COMMANDS, type CommandSpec, findCommand, GLOBAL_OPTIONS, type OptionSpec } from "./commands.ts";
import { closest, suggestion } from "./did-you-mean.ts";

export interface Parsed {
  /** undefined: no command was given. */
  command: CommandSpec | undefined;
  /** The words after the command (`--` and everything after it included in order, without the `--`). */
  words: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

const ALL_OPTIONS: OptionSpec[] = [...GLOBAL_OPTIONS, ...COMMANDS.flatMap((c) => c.options)];

function parseOptions() {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const o of ALL_OPTIONS) {
    options[o.name] = {
      type: o.value ? "string" : "boolean",
      ...(o.short ? { short: o.short } : {}),
      ...(o.multiple ? { multiple: true } : {}),
    };
  }
  return options;
}

export function parseCommandLine(argv: string[]): Parsed {
  const { tokens, positionals } = parseArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: parseOptions(),
  });
  const name = positionals[0];
  const command = findCommand(name);
  if (name !== undefined && !command)
    throw unknownCommand(
      name,
      COMMANDS.map((c) => c.name),
    );
  const values: Parsed["values"] = {};
  const errorIn = (message: string) => new UsageError(message, command?.name);
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const takes = command ? [...command.options, ...GLOBAL_OPTIONS] : GLOBAL_OPTIONS;
    const spec = takes.find((o) => o.name === token.name);
    if (!spec) throw errorIn(unknownOption(token.rawName, command, takes));
    if (spec.value) {
      const value = token.value;
      if (value === undefined || (!token.inlineValue && value.startsWith("-") && value !== "-")) {
        throw errorIn(`${token.rawName} needs a value: --${spec.name} ${spec.value}`);
      }
      const before = values[spec.name];
      // A second value would silently replace the first (`--scope user --scope project` meant both?).
      if (!spec.multiple && typeof before === "string")
        throw errorIn(
          `--${spec.name} given twice (${before}, then ${value}): it takes one ${spec.value}; run the command once for each`,
        );
      values[spec.name] = spec.multiple ? [...(Array.isArray(before) ? before : []), value] : value;
    } else {
      if (token.inlineValue) throw errorIn(`${token.rawName.split("=")[0]} takes no value`);
      values[spec.name] = true;
    }
  }
  // Node's parser reads `--cli --json` as a value; the token check above has refused it, so words are plain.
  return { command, words: positionals.slice(1), values };
}

function unknownOption(raw: string, command: CommandSpec | undefined, takes: readonly OptionSpec[]): string {
  const bare = raw.replace(/^-+/, "").split("=")[0] ?? "";
  const where = command ? ` for ${command.name}` : "";
  const names = takes.map((o) => o.name);
  const near = closest(bare, names);
  if (near.length) return `unknown option ${raw}${where}; did you mean ${near.map((n) => `--${n}`).join(" or ")}?`;
  if (command?.takesCommand) return `unknown option ${raw}${where}; put the command to check after --`;
  if (COMMANDS.some((c) => c.options.some((o) => o.name === bare)))
    return `${raw} is not an option of ${command?.name}`;
  return `unknown option ${raw}${where}`;
}

/** An unknown command, with the nearest names. */
export function unknownCommand(name: string, known: readonly string[]): UsageError {
  return new UsageError(`unknown command "${name}"${suggestion(name, known)}`, undefined);
}
