// What OpenCode (and Kilo Code CLI) wrote about a plugin that failed to load. Measured on OpenCode 1.18.33 and Kilo
// 7.7.7: a plugin whose set-up throws leaves one line in the CLI's log, $XDG_DATA_HOME/<cli>/log/opencode.log (both
// name it so; default ~/.local/share/<cli>/log/), appended run after run:
//   timestamp=2026-12-04T23:49:37.474Z level=ERROR run=2decbeaf message="failed to load plugin" path=file:///…/hookrail-merge-gate.js error="…"
// A plugin with a syntax error, or whose import throws, is skipped with no line at all (status() names a plugin
// file that differs from the shipped one instead), and OpenCode 2's loader was not measured: nothing here for it.
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { InstallContext, Problem } from "./types.ts";

/** How much of the end of each log file is read: its newest lines. */
const TAIL = 256 * 1024;

const LINE = /^timestamp=(\S+) level=ERROR .*message="failed to load plugin" path=(\S+) error="((?:[^"\\]|\\.)*)"/;

/** The CLI's log folder: $XDG_DATA_HOME/<cli>/log, else ~/.local/share/<cli>/log. */
export function cliLogDir(ctx: InstallContext, cli: string): string {
  const base = ctx.env.XDG_DATA_HOME;
  return join(base && isAbsolute(base) ? base : join(ctx.home, ".local", "share"), cli, "log");
}

function tail(file: string): string {
  const fd = openSync(file, "r");
  try {
    const size = statSync(file).size;
    const length = Math.min(size, TAIL);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The newest failed load of `file` the log folder records after `file` was last written, if any. */
export function failedLoad(logDir: string, file: string): { at: string; error: string; log: string } | undefined {
  if (!existsSync(logDir) || !existsSync(file)) return undefined;
  const url = pathToFileURL(file).href;
  const written = statSync(file).mtimeMs;
  let found: { at: string; error: string; log: string } | undefined;
  for (const name of readdirSync(logDir).filter((n) => n.endsWith(".log"))) {
    const log = join(logDir, name);
    let text: string;
    try {
      text = tail(log);
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      const m = LINE.exec(line);
      if (!m || m[2] !== url) continue;
      const [, at = "", , error = ""] = m;
      // A failure from before the file was last installed or updated says nothing about the file there now.
      if (!(Date.parse(at) > written) || (found && found.at >= at)) continue;
      found = { at, error: error.replace(/\\(.)/g, "$1"), log };
    }
  }
  return found;
}

/** The problems the CLI's log shows for a guardrail's plugin files in `pluginsDir` (its plugin and a gate's guard). */
export function loadErrors(
  ctx: InstallContext,
  cli: string,
  short: string,
  pluginsDir: string,
  guardrail: string,
): Problem[] {
  const logDir = cliLogDir(ctx, cli);
  return [`hookrail-${guardrail}.js`, `hookrail-${guardrail}.guard.js`].flatMap((name): Problem[] => {
    const failed = failedLoad(logDir, join(pluginsDir, name));
    if (!failed) return [];
    return [
      {
        id: `${cli}.plugin.load-failed`,
        problem: `${short} could not load ${join(pluginsDir, name)} (its log ${failed.log} says, at ${failed.at}: ${failed.error}), so it runs without it`,
        fix: `run npx hookrail update, then start ${cli} again; if its log says the same, report it with that line`,
      },
    ];
  });
}
