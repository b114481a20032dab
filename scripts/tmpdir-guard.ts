// A test run leaves $TMPDIR as it found it: each vitest run works in a folder of its own, made here and handed
// to every test process as $TMPDIR, and whatever is left in it at the end (a temp folder, a git worktree, a
// socket) fails the run, listed by name, and is removed. Other runs on the machine share the real $TMPDIR,
// so the run's own folder is the one place where "left behind" can be told for sure.
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  // Test runs are never cached (turbo.json), so these variables need no place in its cache key.
  const env = process.env;
  const outer = env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), "hookrail-test-run-"));
  // Like /tmp: tests that run a program as another user (a user without a home, an unprivileged one) need in.
  chmodSync(dir, 0o1777);
  env.TMPDIR = dir;
  return () => {
    if (outer === undefined) delete env.TMPDIR;
    else env.TMPDIR = outer;
    // A run kept on purpose (the real-CLI suite's HOOKRAIL_KEEP_RUNS) stays where it is.
    if (env.HOOKRAIL_KEEP_RUNS) return;
    const left = readdirSync(dir).sort();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    if (left.length === 0) return;
    process.stderr.write(
      `\nThe tests left ${left.length} entr${left.length === 1 ? "y" : "ies"} in $TMPDIR (removed now): ${left.join(", ")}\n` +
        "Each test removes what it makes (tempDir() from @hookrail/test-utils does it when the test finishes).\n",
    );
    process.exitCode = 1;
  };
}
