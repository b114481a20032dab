// A test run leaves $TMPDIR as it found it: each vitest run works in a folder of its own, made here and handed
// to every test process as $TMPDIR, and whatever is left in it at the end (a temp folder, a git worktree, a
// socket) fails the run, listed by name, and is removed. Other runs on the machine share the real $TMPDIR,
// so the run's own folder is the one place where "left behind" can be told for sure.
//
// The run is also hermetic from here on: the global set-ups after this one and every test process get a HOME and
// XDG folders of the run's own (scripts/hermetic.ts gives each test file and each test a fresh one), so nothing the
// developer has installed is read. What the run needs from the real home is passed by name first: the pinned CLIs'
// cache (HOOKRAIL_CLI_CACHE) and npm's own cache and settings (a registry mirror, a proxy).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

/** Variables set from the real home before it is replaced, unless the caller set them. */
function fromRealHome(env: NodeJS.ProcessEnv): Record<string, string> {
  const home = homedir();
  const npmrc = join(home, ".npmrc");
  return {
    HOOKRAIL_CLI_CACHE: join(home, ".cache", "hookrail", "clis"),
    npm_config_cache: join(home, ".npm"),
    ...(existsSync(npmrc) && !env.npm_config_userconfig ? { npm_config_userconfig: npmrc } : {}),
  };
}

/** Entries of a folder, or none when it is gone (a run that ended meanwhile removed its own). */
function entries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export default function setup(): () => void {
  // Test runs are never cached (turbo.json), so these variables need no place in its cache key.
  const env = process.env;
  const saved = { ...env };
  for (const [key, value] of Object.entries(fromRealHome(env))) if (!env[key]) env[key] = value;
  const dir = mkdtempSync(join(tmpdir(), "hookrail-test-run-"));
  // Like /tmp: tests that run a program as another user (a user without a home, an unprivileged one) need in.
  chmodSync(dir, 0o1777);
  env.TMPDIR = dir;
  // The run's own home, beside its $TMPDIR (not in it: what is left in $TMPDIR is what tests left).
  const world = mkdtempSync(`${dir}-home-`);
  env.HOME = join(world, "home");
  mkdirSync(env.HOME);
  // Where each test file and each test gets its own home (scripts/hermetic.ts); removed with the run's.
  env.HOOKRAIL_TEST_WORLDS = join(world, "worlds");
  mkdirSync(env.HOOKRAIL_TEST_WORLDS);
  for (const key of Object.keys(env)) if (key.startsWith("XDG_")) delete env[key];
  return () => {
    for (const key of Object.keys(env)) if (!(key in saved)) delete env[key];
    Object.assign(env, saved);
    // A run kept on purpose (the real-CLI suite's HOOKRAIL_KEEP_RUNS) stays where it is.
    if (saved.HOOKRAIL_KEEP_RUNS) return;
    rmSync(world, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    // A nested run's folders (a project's own run, a test that runs vitest) are that run's to check and remove: its
    // teardown may come after this one's.
    const left = entries(dir).filter((e) => !e.startsWith("hookrail-test-run-"));
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    if (left.length === 0) return;
    process.stderr.write(
      `\nThe tests left ${left.length} entr${left.length === 1 ? "y" : "ies"} in $TMPDIR (removed now): ${left.join(", ")}\n` +
        "Each test removes what it makes (tempDir() from @hookrail/test-utils does it when the test finishes).\n",
    );
    process.exitCode = 1;
  };
}
