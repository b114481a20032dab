// The typical payload each guardrail is timed on, per CLI.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const names = {
  claude: ["PreToolUse", "Bash"],
  gemini: ["BeforeTool", "run_shell_command"],
  codex: ["PreToolUse", "Bash"],
};
// Copilot CLI's own format (its hook files pass the event name as the command's argument: `args`).
const copilot = (cwd, fields) => ({ sessionId: "bench-session", timestamp: 1796099066055, cwd, ...fields });

const shell = (cli, cwd, command) =>
  cli === "copilot"
    ? copilot(cwd, { toolName: "bash", toolArgs: { command, description: "Check the pull request" } })
    : shellLike(cli, cwd, command);
const shellLike = (cli, cwd, command) => ({
  session_id: "bench-session",
  transcript_path: join(cwd, "t.jsonl"),
  cwd,
  hook_event_name: names[cli][0],
  tool_name: names[cli][1],
  tool_input: { command, description: "Check the pull request" },
  ...(cli === "gemini"
    ? { timestamp: "2026-11-30T00:00:00.000Z" }
    : { permission_mode: "default", tool_use_id: "toolu_1" }),
});

function repo(work, files = 1) {
  const dir = join(work, "repo");
  mkdirSync(dir);
  const env = {
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "b",
    GIT_AUTHOR_EMAIL: "b@b",
    GIT_COMMITTER_NAME: "b",
    GIT_COMMITTER_EMAIL: "b@b",
  };
  const git = (...args) => execFileSync("git", args, { cwd: dir, env: { ...process.env, ...env } });
  git("init", "-q", "-b", "main");
  writeFileSync(join(dir, "a.txt"), "a\n");
  // A large repository: files - 1 more, 100 per folder.
  for (let n = 1; n < files; n++) {
    const folder = join(dir, `d${Math.floor(n / 100)}`);
    if (n % 100 === 0 || n === 1) mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${n}.txt`), `${n}\n`);
  }
  git("add", "-A");
  git("commit", "-q", "-m", "init");
  git("checkout", "-q", "-b", "feature");
  return dir;
}

const edit = (cli, cwd) => {
  if (cli === "copilot") {
    return copilot(cwd, { toolName: "edit", toolArgs: { path: join(cwd, "a.txt"), old_str: "a", new_str: "b" } });
  }
  const base = { session_id: "bench-session", transcript_path: join(cwd, "t.jsonl"), cwd };
  if (cli === "gemini") {
    return {
      ...base,
      hook_event_name: "BeforeTool",
      timestamp: "2026-11-30T00:00:00.000Z",
      tool_name: "replace",
      tool_input: { file_path: "a.txt", old_string: "a", new_string: "b", instruction: "edit" },
    };
  }
  if (cli === "codex") {
    return {
      ...base,
      hook_event_name: "PreToolUse",
      permission_mode: "default",
      tool_name: "apply_patch",
      tool_input: { command: "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n*** End Patch\n" },
    };
  }
  return {
    ...base,
    hook_event_name: "PreToolUse",
    permission_mode: "default",
    tool_name: "Edit",
    tool_input: { file_path: join(cwd, "a.txt"), old_string: "a", new_string: "b" },
  };
};

const sessionStart = (cli, dir) =>
  cli === "copilot" ? copilot(dir, { source: "new", initialPrompt: "fix the login" }) : sessionStartLike(cli, dir);
const sessionStartLike = (cli, dir) => ({
  session_id: "bench-session",
  transcript_path: join(dir, "t.jsonl"),
  cwd: dir,
  hook_event_name: "SessionStart",
  source: "startup",
  ...(cli === "gemini" ? { timestamp: "2026-11-30T00:00:00.000Z" } : {}),
});

/**
 * A healthy install record for all four guardrails in Claude Code's user scope, with the CLI's files its
 * probes read (as `hookrail install` writes them): every session-start hook checks them all.
 */
function installRecord(work) {
  const data = join(work, "data");
  const claude = join(work, ".claude");
  const market = join(data, "hookrail", "0.1.0");
  const guardrails = ["merge-gate", "branch-drift", "worktree-check", "plan-export"];
  const id = (g) => `${g}@hookrail-user`;
  const files = {
    [join(claude, "settings.json")]: { enabledPlugins: Object.fromEntries(guardrails.map((g) => [id(g), true])) },
    [join(claude, "plugins", "installed_plugins.json")]: {
      version: 2,
      plugins: Object.fromEntries(guardrails.map((g) => [id(g), [{ scope: "user", version: "0.1.0" }]])),
    },
    [join(claude, "plugins", "known_marketplaces.json")]: { "hookrail-user": { installLocation: market } },
    [join(market, ".claude-plugin", "marketplace.json")]: { name: "hookrail-user" },
  };
  for (const [file, value] of Object.entries(files)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(value, null, 2));
  }
  const [settings, installed, known, marketFile] = Object.keys(files);
  const probes = (g) => [
    { file: installed, at: ["plugins", id(g)], present: true, why: "not installed" },
    { file: settings, at: ["enabledPlugins", id(g)], is: true, why: "disabled" },
    { exists: marketFile, why: "marketplace gone" },
    { file: known, at: ["hookrail-user", "installLocation"], is: market, why: "moved" },
    { file: settings, at: ["disableAllHooks"], not: true, why: "hooks off" },
  ];
  const installs = guardrails.map((g) => ({
    cli: "claude",
    scope: "user",
    guardrail: g,
    version: "0.1.0",
    probes: probes(g),
  }));
  writeFileSync(join(data, "hookrail", "installs.json"), JSON.stringify({ format: 2, installs }, null, 2));
  return data;
}

/** Session start of `guardrail` in every CLI, in a small repository (runs once per session: no target). */
function sessionStartCase(guardrail) {
  return {
    guardrail,
    target: null,
    copilotEvent: "sessionStart",
    clis: ["claude", "gemini", "codex", "copilot"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => sessionStart(cli, dir),
      };
    },
  };
}

/** Session start of `guardrail` with the install record above, against the same hook with no record. */
const recordedStart = (guardrail) => ({
  guardrail,
  target: 1.05,
  clis: ["claude"],
  setup: (work) => {
    const dir = repo(work);
    const data = installRecord(work);
    return {
      env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state"), XDG_DATA_HOME: data },
      floor: { name: "no record", command: (hook) => ["env", `XDG_DATA_HOME=${join(work, "no-data")}`, ...hook] },
      payload: () => sessionStart("claude", dir),
    };
  },
});

export const benchCases = {
  "merge-gate": {
    target: 1.15,
    clis: ["claude", "gemini", "codex", "copilot"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work },
        payload: (cli) => shell(cli, dir, "gh pr view 12 --json state,mergeable && git log --oneline -5"),
      };
    },
  },
  "branch-drift": {
    target: 1.2,
    clis: ["claude", "gemini", "codex", "copilot"],
    // The first (warm-up) run records the checkout for the session; the timed runs compare against it.
    setup: (work) => {
      const dir = repo(work);
      return { env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") }, payload: (cli) => edit(cli, dir) };
    },
  },
  // branch-drift also runs before and after every shell command: the command's own moves are the session's.
  "branch-drift-shell": {
    guardrail: "branch-drift",
    target: 1.2,
    clis: ["claude", "gemini", "codex", "copilot"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => shell(cli, dir, "npm test"),
      };
    },
  },
  // At session start in a 50,000-file repository, against a bare `git status --porcelain` there: the hook's
  // own status call is most of its time, and everything else must stay beside it.
  "worktree-check-large": {
    guardrail: "worktree-check",
    target: 1.5,
    clis: ["claude"],
    setup: (work) => {
      const dir = repo(work, 50_000);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        floor: { name: "git status", command: ["git", "status", "--porcelain"], cwd: dir },
        payload: () => sessionStart("claude", dir),
      };
    },
  },
  // The session-start check of the install record (a guardrail that vanished is told to the user): its cost.
  "worktree-check-recorded": recordedStart("worktree-check"),
  "plan-export-start-recorded": recordedStart("plan-export"),
  "plan-export-start": sessionStartCase("plan-export"),
  "worktree-check": sessionStartCase("worktree-check"),
};

/** A guardrail package without a case of its own is timed on a shell command in a repository (no target). */
export function benchCase(root, name) {
  if (benchCases[name]) return benchCases[name];
  if (!existsSync(join(root, "packages", name, "src", "manifest.ts"))) return undefined;
  return {
    target: null,
    untimed: "no case of its own in scripts/bench-cases.mjs",
    clis: ["claude", "gemini", "codex", "copilot"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => shell(cli, dir, "npm test"),
      };
    },
  };
}
