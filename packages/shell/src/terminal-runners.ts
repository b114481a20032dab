// Commands that hand text to a shell later or elsewhere: tmux send-keys and its command-taking commands,
// screen -X stuff / screen cmd, at and batch (code on standard input), trap (code run on a signal or exit).
import { type Ctx, type Invocation, withArgs } from "./context.ts";
import { runCode, runStdin } from "./run-code.ts";
import { scanOptions } from "./scan-options.ts";
import { type Arg, joinArgs, literalArg } from "./shell-words.ts";

// Key names that end a line typed into a shell.
const ENTER = /^(Enter|C-m|C-j|KPEnter)$/i;

/**
 * tmux: `send-keys -t pane 'git push' Enter` types into a shell; `new-session`, `new-window`, `split-window`,
 * `respawn-pane`, `run-shell`, `display-popup`, `if-shell` take shell code. Which words are option values
 * varies by command, so each word is read as code, and so are all of them typed in a row.
 */
export function tmux(inv: Invocation, ctx: Ctx): void {
  const words = inv.args.slice(1).filter((a) => !a.value?.startsWith("-"));
  for (const w of words) if (!ENTER.test(w.value ?? "")) runCode(w, inv, ctx);
  const typed = words.map((w) => (ENTER.test(w.value ?? "") ? literalArg("\n") : w));
  if (typed.length > 1) runCode(joinArgs(typed), inv, ctx);
}

/** screen: `-X stuff 'text'` types text into the session; `-X exec`/`-X screen` and `screen [opts] cmd` run a command. */
export function screen(inv: Invocation, ctx: Ctx): void {
  const x = inv.args.findIndex((a) => a.value === "-X");
  if (x > 0) {
    const [command, ...rest] = inv.args.slice(x + 1);
    if (command?.value === "stuff") {
      const text = joinArgs(rest);
      const typed = text.value?.replace(/\^M|\\n|\\r/g, "\n") ?? null;
      runCode({ ...text, value: typed, text: text.text.replace(/\^M|\\n|\\r/g, "\n") }, inv, ctx);
    } else if (rest.length > 0) ctx.analyzeInvocation(withArgs(inv, rest), ctx);
    return;
  }
  const s = scanOptions(inv.args, 1, { short: "SceTtphL" });
  if (s.rest < inv.args.length) ctx.analyzeInvocation(withArgs(inv, inv.args.slice(s.rest)), ctx);
}

/** `at now <<< 'code'`, `echo code | batch`: the job is shell code read on standard input (`-f file`: a file). */
export function at(inv: Invocation, ctx: Ctx): void {
  if (inv.args.some((a) => /^-[a-zA-Z]*[flrdc]/.test(a.value ?? ""))) return;
  runStdin(inv, ctx);
}

/** `trap 'code' EXIT`: the code runs when the signal comes, or when the shell exits. */
export function trap(inv: Invocation, ctx: Ctx): void {
  const args: Arg[] = inv.args.slice(1);
  if (args[0]?.value === "--") args.shift();
  const code = args[0];
  if (code && !/^-[lp]$/.test(code.value ?? "") && args.length > 1) runCode(code, inv, ctx);
}
