// Pure: is a gated command only a dry run or a help request (`npm publish --dry-run`, `kubectl delete
// --dry-run=client`, `terraform apply -help`)? Only the command's own words count, read as its options: before
// `--`, the last spelling winning (`--dry-run --no-dry-run` publishes), a value that switches it off
// (`--dry-run=none`, `--dry-run false`) making it the real thing. A command with a word known only at run time
// is kept by the gate: that word could switch it off (`--no-dry-run`) or end the options (`--`). `-h` and `-help` mean other things to
// many tools (`shutdown -h`, `dropdb -h host`): they count only as the command's last word with no operand
// after the gate's words, and never for the tools listed below.
import type { SimpleCommand } from "@hookrail/shell";

export type Excuse = "a dry run" | "a help request";

const DRY_RUN = /^--dry-?run$/;
const DRY_RUN_VALUE = /^--dry-?run=(.*)$/s;
const NO_DRY_RUN = /^--no-dry-?run$/;
// The values that leave a dry-run option off (kubectl's `none`, a boolean's false), or that say nothing.
const OFF = /^(?:|none|false|f|no|n|off|0)$/i;
// A word after a bare `--dry-run` / `--help` that a boolean option takes as its value.
const BOOLEAN_WORD = /^(?:none|false|f|no|n|off|0|true|t|yes|y|on|1)$/i;
// npm takes any `--name` as a setting: `--dryrun` is not its dry run, and it publishes.
const ANY_OPTION = new Set(["npm", "npx"]);
// Tools whose `-h` is not help: the halt switch, a database host, human-readable sizes.
const H_IS_NOT_HELP = new Set(
  (
    "shutdown halt poweroff reboot telinit psql pg_dump pg_dumpall pg_restore createdb dropdb createuser dropuser " +
    "vacuumdb reindexdb clusterdb pg_basebackup pgbench mysql mysqladmin mysqldump mysqlimport mysqlcheck mariadb " +
    "mariadb-admin mariadb-dump redis-cli mongo mongosh mongodump mongorestore mongoimport mongoexport ls df du free " +
    "sort nc ncat ssh-keygen"
  ).split(" "),
);

/**
 * Why a command that matches `pattern` runs nothing of it, or undefined when it may. `pattern` is the gate's
 * pattern it matched (its words after the name locate where the command's operands start).
 */
export function dryRunOrHelp(cmd: SimpleCommand, pattern: string): Excuse | undefined {
  if (cmd.open || cmd.argv.some((w) => w === null)) return undefined;
  const dash = cmd.argv.indexOf("--", 1);
  const words = cmd.argv.slice(0, dash < 0 ? undefined : dash);
  let dry = false;
  let help = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    const next = words[i + 1];
    if (DRY_RUN.test(w) && (w === "--dry-run" || !ANY_OPTION.has(cmd.name ?? ""))) {
      dry = !(typeof next === "string" && BOOLEAN_WORD.test(next) && OFF.test(next));
    } else if (DRY_RUN_VALUE.test(w) && (w.startsWith("--dry-run=") || !ANY_OPTION.has(cmd.name ?? ""))) {
      dry = !OFF.test(DRY_RUN_VALUE.exec(w)?.[1] ?? "");
    } else if (NO_DRY_RUN.test(w)) dry = false;
    else if (w === "--help") help = !(typeof next === "string" && BOOLEAN_WORD.test(next) && OFF.test(next));
    else if ((w === "-h" || w === "-help") && i === words.length - 1 && dash < 0 && shortHelp(cmd, pattern)) {
      help = true;
    }
  }
  return help ? "a help request" : dry ? "a dry run" : undefined;
}

/** `-h` / `-help` as the last word: help when no operand follows the gate's words and the tool's `-h` is help. */
function shortHelp(cmd: SimpleCommand, pattern: string): boolean {
  if (H_IS_NOT_HELP.has(cmd.name ?? "")) return false;
  let at = 0;
  // The pattern's words that are not options: its options may be anywhere (matchesPattern).
  for (const want of pattern
    .trim()
    .split(/\s+/)
    .slice(1)
    .filter((w) => !w.startsWith("-") || w === "-")) {
    const found = cmd.argv.indexOf(want, at + 1);
    if (found < 0) return false;
    at = found;
  }
  // Everything between the gate's last word and the `-h` is an option.
  return cmd.argv.slice(at + 1, -1).every((w) => typeof w === "string" && w.startsWith("-"));
}
