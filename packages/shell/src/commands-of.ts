// The question a command gate asks: which simple commands would this line run, and which parts can't be known?
import { analyzeLine } from "./analyze-line.ts";
import { type Analyzer, type Ctx, type Invocation, plausible, type Rules, type Unprovable } from "./context.ts";
import { resolveDir } from "./resolve-dir.ts";
import { commandName } from "./shell-words.ts";
import { wrappersFrom } from "./unwrap-wrappers.ts";
import { NO_DOMAIN } from "./world.ts";

export interface CommandsOptions {
  /** The approval marker's variable: `NAME=1` set on a simple command (or through `env`) approves that command. */
  approvalVariable: string;
  /** Text that could matter to the gate (e.g. /publish/i): parts known only at run time are unknown only when they could. */
  mentions: RegExp;
  /** What `mentions` speaks of, for the reasons given (default: "what the gate checks"). */
  topic?: string;
  /** The absolute directory the line starts in (default `/`). */
  cwd?: string;
  /** The user's home directory, for `cd` and `~`. */
  home?: string;
  /** Does interpreter code (`python -c`, `node -e`, `pwsh -Command`…) matter? Default: it matches `mentions`. */
  codeMatters?: (code: string, interpreter: string) => boolean;
  /** Wrappers the user lists (`"tsb run"`): each runs the command after its words (see `wrappersFrom`). */
  wrappers?: readonly string[];
  /** The line's language: bash (default) or PowerShell (a PowerShell tool's command). */
  dialect?: "bash" | "powershell";
}

/** One simple command the line would run, after wrappers (env, sudo, xargs, sh -c…) are understood. */
export interface SimpleCommand {
  /** Its words, the command first; null: known only at run time. */
  argv: readonly (string | null)[];
  /** Which words hold an unquoted glob (bash may replace them with file names). */
  glob: readonly boolean[];
  /** The command's name: argv[0]'s last path part, `.exe` stripped, lower-cased; null when known only at run time. */
  name: string | null;
  /** Variables set for this command only (prefix assignments, env's); null: a value known only at run time. */
  env: Readonly<Record<string, string | null>>;
  /** The approval marker (`approvalVariable=1`) reaches this very command. */
  approved: boolean;
  /** The directory it runs in (absolute); null when it cannot be told. */
  cwd: string | null;
  /** More arguments are added at run time (xargs reading unknown input). */
  open: boolean;
  /** Its unknown words could be anything that matters (the command or the line's variables match `mentions`). */
  uncertain: boolean;
  /** Its source text. */
  text: string;
}

export interface Commands {
  commands: SimpleCommand[];
  /** Parts that cannot be known before the line runs and could matter: a gate fails closed on them. */
  unknown: { command: string; why: string }[];
}

// Any name is a command the line may run: loose wrappers (`dotenv cmd`) look for one among their words.
const RECORDED: Analyzer = () => {};

export function commandsOf(line: string, options: CommandsOptions): Commands {
  const mentions = new RegExp(options.mentions.source, options.mentions.flags.replace(/[gy]/g, ""));
  const commands = new Map<string, SimpleCommand>();
  const visit = (inv: Invocation, ctx: Ctx): void => {
    if (inv.args.length === 0) return;
    const command = simpleCommand(inv, ctx, options.home);
    commands.set(JSON.stringify(command), command);
  };
  const rules: Rules = {
    approvalVariable: options.approvalVariable,
    mentions,
    topic: options.topic ?? "what the gate checks",
    home: options.home,
    domain: NO_DOMAIN,
    visit,
    commandFor: (name) => (name.startsWith("-") ? undefined : RECORDED),
    names: [],
    codeMatters: options.codeMatters ?? ((code) => mentions.test(code)),
    wrappers: wrappersFrom(options.wrappers ?? []),
  };
  const findings = analyzeLine(line, rules, {
    cwd: options.cwd ?? "/",
    ...(options.dialect ? { dialect: options.dialect } : {}),
  });
  const unknown = findings
    .filter((f): f is Unprovable => f.kind === "unprovable")
    .map((f) => ({ command: f.command, why: f.why }));
  return { commands: [...commands.values()], unknown };
}

function simpleCommand(inv: Invocation, ctx: Ctx, home: string | undefined): SimpleCommand {
  const dirs = new Set(ctx.flow.worlds.map((w) => w.cwd));
  let cwd = dirs.size === 1 ? ([...dirs][0] ?? null) : null;
  for (const d of inv.chdir ?? []) cwd = resolveDir(cwd, d, home);
  return {
    argv: inv.args.map((a) => a.value),
    glob: inv.args.map((a) => a.glob),
    name: commandName(inv.args[0]),
    env: Object.fromEntries(inv.env ?? []),
    approved: inv.approved,
    cwd,
    open: inv.open,
    uncertain: plausible(ctx, inv),
    text: inv.command,
  };
}
