// @hookrail/shell: which simple commands a shell command line would run, and which parts can't be known.
//
//   commandsOf(line: string, options: CommandsOptions): Commands
//     options: { approvalVariable: string; mentions: RegExp; topic?: string; cwd?: string; home?: string;
//                codeMatters?: (code: string, interpreter: string) => boolean; wrappers?: string[];
//                dialect?: "bash" | "powershell" }
//     → { commands: SimpleCommand[]; unknown: { command: string; why: string }[] }
//     SimpleCommand: { argv: (string | null)[]; glob: boolean[]; name: string | null;
//                      env: Record<string, string | null>; approved: boolean; cwd: string | null;
//                      open: boolean; uncertain: boolean; text: string }
//   matchesPattern(cmd: SimpleCommand, pattern: string): true | false | "unknown"
//
// A gate that follows more state through the line (the merge gate: branches, git config) plugs into the
// engine itself: `@hookrail/shell/engine`.
export { type Commands, type CommandsOptions, commandsOf, type SimpleCommand } from "./commands-of.ts";
export { matchesPattern, type PatternMatch } from "./match-pattern.ts";
