// The git pre-push hook program, bundled into plugins/merge-gate/git/pre-push.cjs (no dependencies):
// git runs it as `pre-push <remote> <url>` with the ref updates on stdin.
import { readFileSync } from "node:fs";
import { runPrePush } from "./run-pre-push.ts";

let stdin = "";
try {
  stdin = readFileSync(0, "utf8");
} catch {
  // No stdin: nothing to push.
}
runPrePush({ args: process.argv.slice(2), stdin, env: process.env, cwd: process.cwd() }).then(
  ({ exitCode, stderr }) => {
    if (stderr) process.stderr.write(stderr);
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`hookrail merge-gate: push refused: could not check it (${String(error)})\n`);
    process.exitCode = 1;
  },
);
