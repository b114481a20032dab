// Every test runs in a world of its own: a fresh HOME, with the XDG folders in it (so nothing a developer has installed, no
// hookrail install record, no CLI's settings, is ever read or written), none of the variables that point a CLI or
// hookrail elsewhere, and no child process may outlive the test that started it. A test file's collection and its
// beforeAll hooks get a home of the file's own, each test a new one; both are removed when they end.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach } from "vitest";
import { leftChildren, processSnapshot, stopProcesses, TEST_MARK } from "./processes.ts";

/** Variables that point a CLI, git or hookrail at files of their own: a test never inherits them. */
const REDIRECTS =
  /^(?:XDG_[A-Z_]+|USERPROFILE|APPDATA|LOCALAPPDATA|CODEX_HOME|CLAUDE_CONFIG_DIR|COPILOT_HOME|GH_CONFIG_DIR|PI_CODING_AGENT_DIR|KIMI_CODE_HOME|(?:GEMINI|QWEN|QWEN_CODE|FACTORY|OPENCODE|KILO|KILOCODE|CLINE|CURSOR)_[A-Z_]*|GIT_CONFIG_(?:GLOBAL|SYSTEM|NOSYSTEM|COUNT|KEY_\d+|VALUE_\d+|PARAMETERS)|HOOKRAIL_(?:STATE_DIR|CACHE_DIR|CONFIG|NODE|SYSTEM_ROOT|PLUGINS_DIR|REPO_ROOT|DEBUG_LOG|PAGER))$/;

interface World {
  root: string;
  saved: Record<string, string | undefined>;
}

function enter(prefix: string): World {
  const env = process.env;
  // Beside the run's $TMPDIR, not in it (scripts/tmpdir-guard.ts): a file whose every test was skipped leaves its
  // world to the run's clean-up rather than to the check of what tests left.
  const root = mkdtempSync(join(env.HOOKRAIL_TEST_WORLDS || tmpdir(), prefix));
  const saved: Record<string, string | undefined> = {};
  const set = (key: string, value: string | undefined) => {
    if (!(key in saved)) saved[key] = env[key];
    if (value === undefined) delete env[key];
    else env[key] = value;
  };
  for (const key of Object.keys(env)) if (REDIRECTS.test(key)) set(key, undefined);
  // The XDG folders are left to their defaults, which are in the new home (~/.config, ~/.local/share,
  // ~/.local/state, ~/.cache), as on a machine that sets none: a test that gives a hook a home of its own gives it
  // its XDG folders too.
  const home = join(root, "home");
  mkdirSync(home);
  set("HOME", home);
  return { root, saved };
}

function leave(world: World): void {
  const env = process.env;
  for (const [key, value] of Object.entries(world.saved)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  try {
    rmSync(world.root, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  } catch {
    // Something still writes there (a process that outlived its test is being stopped): try again at the end.
    unremoved.push(world.root);
  }
}

const unremoved: string[] = [];
afterAll(() => {
  for (const dir of unremoved.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
});

// The test file's own world, for what runs outside a test (collection, beforeAll, afterAll).
const fileWorld = enter("hookrail-home-file-");
afterAll(() => leave(fileWorld));

let count = 0;
beforeEach((context) => {
  const world = enter("hookrail-home-");
  const mark = `${process.pid}-${++count}`;
  const before = processSnapshot();
  process.env[TEST_MARK] = mark;
  // Registered before anything the test registers, so it runs after every other clean-up of the test.
  context.onTestFinished(async () => {
    delete process.env[TEST_MARK];
    const left = await leftChildren(before, mark);
    await stopProcesses(left);
    leave(world);
    if (left.length === 0) return;
    const list = left.map((p) => `  ${p.pid} ${p.command}`).join("\n");
    throw new Error(
      `the test left ${left.length} child process${left.length === 1 ? "" : "es"} running (killed now):\n${list}\n` +
        "Each test waits for or stops every process it starts (execa's result, or kill() then await).",
    );
  });
});
