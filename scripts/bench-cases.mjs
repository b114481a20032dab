// The typical payload each guardrail is timed on, per CLI.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const names = {
  claude: ["PreToolUse", "Bash"],
  gemini: ["BeforeTool", "run_shell_command"],
  codex: ["PreToolUse", "Bash"],
  qwen: ["PreToolUse", "run_shell_command"],
  droid: ["PreToolUse", "Execute"],
};
// What each CLI adds to every payload (Qwen: an ISO timestamp and its permission mode; Droid: no timestamp).
const extras = {
  gemini: { timestamp: "2026-11-30T00:00:00.000Z" },
  qwen: { timestamp: "2026-11-30T00:00:00.000Z", permission_mode: "yolo", prompt_id: "bench-session########0" },
  droid: { permission_mode: "auto-low" },
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
  tool_input:
    cli === "droid"
      ? { summary: "Check the pull request", command }
      : { command, description: "Check the pull request" },
  ...(extras[cli] ?? { permission_mode: "default", tool_use_id: "toolu_1" }),
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
  if (cli === "qwen" || cli === "droid") {
    const [old, now] = cli === "qwen" ? ["old_string", "new_string"] : ["old_str", "new_str"];
    return {
      ...base,
      ...extras[cli],
      hook_event_name: "PreToolUse",
      tool_name: cli === "qwen" ? "edit" : "Edit",
      tool_input: { file_path: join(cwd, "a.txt"), [old]: "a", [now]: "b" },
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
  ...(cli === "gemini" || cli === "qwen" ? extras[cli] : cli === "droid" ? { permission_mode: "off" } : {}),
});

export const benchCases = {
  "merge-gate": {
    target: 1.15,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid"],
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
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid"],
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
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid"],
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
  "worktree-check": {
    target: null,
    copilotEvent: "sessionStart",
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => sessionStart(cli, dir),
      };
    },
  },
};

/** A guardrail package without a case of its own is timed on a shell command in a repository (no target). */
export function benchCase(root, name) {
  if (benchCases[name]) return benchCases[name];
  if (!existsSync(join(root, "packages", name, "src", "manifest.ts"))) return undefined;
  return {
    target: null,
    untimed: "no case of its own in scripts/bench-cases.mjs",
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => shell(cli, dir, "npm test"),
      };
    },
  };
}
