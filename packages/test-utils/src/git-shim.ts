// A `git` on PATH that records every invocation and can stall chosen subcommands (a huge repository),
// delegating to the real git otherwise. Tests point process.env.PATH at `bin`.
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { execaSync } from "execa";
import { tempDir } from "./temp.ts";

export interface GitShim {
  /** Put this folder first on PATH. */
  bin: string;
  /** PATH with the shim first. */
  path: string;
  /** The argv of every git call so far. */
  calls(): string[][];
}

export function gitShim(options: { stall?: { subcommand: string; seconds: number } } = {}): GitShim {
  const bin = tempDir("hookrail-git-shim-");
  const realGit = execaSync("sh", ["-c", "command -v git"]).stdout.trim();
  const log = join(bin, "calls.log");
  const stall = options.stall;
  const script = [
    "#!/bin/sh",
    `printf '%s\\n' "$*" >> '${log}'`,
    // exec, so that killing the stalled "git" really ends it and closes its output.
    stall ? `case " $* " in *" ${stall.subcommand} "*) exec sleep ${stall.seconds} ;; esac` : "",
    `exec '${realGit}' "$@"`,
  ].join("\n");
  writeFileSync(join(bin, "git"), `${script}\n`);
  chmodSync(join(bin, "git"), 0o755);
  return {
    bin,
    path: [bin, process.env.PATH ?? ""].join(delimiter),
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => line.split(" "))
        : [],
  };
}
