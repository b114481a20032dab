// The help texts, made from the command table, each line within 80 columns.
import { COMMANDS, type CommandSpec, findCommand, GLOBAL_OPTIONS, type OptionSpec } from "./commands.ts";

export interface HelpContext {
  version: string;
  guardrails: readonly string[];
  clis: readonly string[];
  /** Commands not listed here because they cannot work (`new` outside a clone of the repository). */
  unavailable: readonly string[];
}

const pad = (text: string, width: number) => text.padEnd(width);

/** Words joined into lines of at most `width` columns, each after `indent`. */
export function wrap(text: string, indent: string, width = 80): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** `hookrail --help`: the commands, one line each. */
export function generalHelp(ctx: HelpContext): string {
  const shown = COMMANDS.filter((c) => !ctx.unavailable.includes(c.name));
  const width = Math.max(...shown.map((c) => c.name.length)) + 3;
  return [
    `hookrail ${ctx.version} — guardrail hooks for AI coding agents`,
    "",
    "usage: hookrail <command> [options]",
    "",
    "commands:",
    ...shown.map((c) => `  ${pad(c.name, width)}${c.summary}`),
    "",
    ...wrap(`guardrails: ${ctx.guardrails.join(", ")}`, ""),
    ...wrap(`CLIs: ${ctx.clis.join(", ")}`, ""),
    "",
    "hookrail help <command> (or hookrail <command> --help) shows its options.",
    "",
  ].join("\n");
}

/** A usage line's words, keeping each bracketed group (`[--since <when>]`) and quoted word whole. */
function groupsOf(line: string): string[] {
  const groups: string[] = [];
  let current = "";
  let depth = 0;
  let quote = "";
  for (const ch of line) {
    if (quote) quote = ch === quote ? "" : quote;
    else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "[" || ch === "<") depth++;
    else if (ch === "]" || ch === ">") depth--;
    if (ch === " " && depth === 0 && !quote) {
      if (current) groups.push(current);
      current = "";
    } else current += ch;
  }
  if (current) groups.push(current);
  return groups;
}

/** The usage lines of a command, `usage: hookrail …`, wrapped under the command's name. */
export function usageLines(spec: CommandSpec): string[] {
  const out: string[] = [];
  spec.usage.forEach((line, i) => {
    const [name = "", ...groups] = groupsOf(line);
    let current = `${i === 0 ? "usage: " : "       "}hookrail ${name}`;
    const indent = " ".repeat(current.length + 1);
    for (const group of groups) {
      if (current.length + 1 + group.length > 80 && current.trim().length > 0 && current !== indent.trimEnd()) {
        out.push(current);
        current = `${indent}${group}`;
      } else current += ` ${group}`;
    }
    out.push(current);
  });
  return out;
}

const optionLabel = (o: OptionSpec) => `${o.short ? `-${o.short}, ` : ""}--${o.name}${o.value ? ` ${o.value}` : ""}`;

/** `hookrail help <command>`: usage, what it does, its options. */
export function commandHelp(spec: CommandSpec): string {
  const options = [...spec.options, ...GLOBAL_OPTIONS.filter((o) => o.name === "help")];
  const width = Math.min(24, Math.max(...options.map((o) => optionLabel(o).length)) + 2);
  const lines = [...usageLines(spec), "", ...spec.about, "", "options:"];
  for (const o of options) {
    const label = optionLabel(o);
    const help = o.multiple ? `${o.help}; repeatable` : o.help;
    if (label.length + 2 > width) {
      lines.push(`  ${label}`, ...wrap(help, " ".repeat(width + 2)));
    } else {
      const [first = "", ...rest] = wrap(help, "", 78 - width);
      lines.push(`  ${pad(label, width)}${first}`, ...rest.map((l) => `${" ".repeat(width + 2)}${l}`));
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * A usage error: one line saying what is wrong, the command's usage, and where its help is. For an unknown or
 * missing command, the general usage line.
 */
export function usageErrorText(message: string, command: string | undefined): string {
  const spec = findCommand(command);
  const usage = spec ? usageLines(spec) : ["usage: hookrail <command> [options]"];
  const more = spec ? `hookrail ${spec.name} --help` : "hookrail --help";
  return `hookrail: ${message}\n${usage.join("\n")}\nsee ${more}\n`;
}
