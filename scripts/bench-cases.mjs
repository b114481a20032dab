// The typical payload each guardrail is timed on, per CLI.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

const names = {
  claude: ["PreToolUse", "Bash"],
  gemini: ["BeforeTool", "run_shell_command"],
  codex: ["PreToolUse", "Bash"],
  qwen: ["PreToolUse", "run_shell_command"],
  droid: ["PreToolUse", "Execute"],
  kimi: ["PreToolUse", "Bash"],
};
// What each CLI adds to every payload (Qwen: an ISO timestamp and its permission mode; Droid: no timestamp).
const extras = {
  gemini: { timestamp: "2026-11-30T00:00:00.000Z" },
  qwen: { timestamp: "2026-11-30T00:00:00.000Z", permission_mode: "yolo", prompt_id: "bench-session########0" },
  droid: { permission_mode: "auto-low" },
  // Kimi Code: its client type, no transcript, no permission mode.
  kimi: { client_type: "kimi_code_cli", tool_call_id: "call_1" },
};
// Copilot CLI's own format (its hook files pass the event name as the command's argument: `args`).
const copilot = (cwd, fields) => ({ sessionId: "bench-session", timestamp: 1796099066055, cwd, ...fields });
// Cursor's (snake_case, an empty cwd beside the workspace root) and Antigravity CLI's (camelCase, the event as
// the command's argument), as their documentation shows them.
const cursor = (cwd, event, fields) => ({
  conversation_id: "bench-session",
  generation_id: "bench-generation",
  hook_event_name: event,
  cursor_version: "3.9.16",
  workspace_roots: [cwd],
  cwd: "",
  ...fields,
});
const antigravity = (cwd, fields) => ({
  conversationId: "bench-session",
  workspacePaths: [cwd],
  transcriptPath: join(cwd, "t.jsonl"),
  ...fields,
});

// Cline's own format (camelCase, the event as its internal hookName; a run_commands call takes a list).
const cline = (cwd, command) => ({
  clineVersion: "",
  timestamp: "2026-11-30T00:00:00.000Z",
  taskId: "conv_bench",
  sessionContext: { rootSessionId: "bench-session" },
  workspaceRoots: [cwd],
  workspaceInfo: { rootPath: cwd, hint: "project" },
  userId: "unknown",
  hookName: "tool_call",
  iteration: 1,
  tool_call: { id: "call_t0_0", name: "run_commands", input: { commands: [command] } },
});
// Auggie's (snake_case, its conversation and workspace root instead of session_id and cwd).
const auggie = (cwd, event, fields) => ({
  hook_event_name: event,
  conversation_id: "bench-session",
  workspace_roots: [cwd],
  ...fields,
});
const auggieTool = (cwd, name, input) =>
  auggie(cwd, "PreToolUse", {
    tool_name: name,
    tool_input: input,
    tool_output: "[undefined]",
    tool_error: null,
    is_mcp_tool: false,
  });

const shell = (cli, cwd, command) => {
  if (cli === "cline") return cline(cwd, command);
  if (cli === "auggie")
    return auggieTool(cwd, "launch-process", { command, wait: true, max_wait_seconds: 60, cwd: "." });
  if (cli === "copilot")
    return copilot(cwd, { toolName: "bash", toolArgs: { command, description: "Check the pull request" } });
  if (cli === "cursor")
    return cursor(cwd, "preToolUse", { tool_name: "Shell", tool_input: { command, cwd: "", timeout: 30000 } });
  if (cli === "antigravity")
    return antigravity(cwd, {
      stepIdx: 1,
      toolCall: { name: "run_command", args: { CommandLine: command, Cwd: cwd } },
    });
  return shellLike(cli, cwd, command);
};
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
  if (cli === "auggie")
    return auggieTool(cwd, "str-replace-editor", {
      command: "str_replace",
      path: "a.txt",
      str_replace_entries: [{ old_str: "a", new_str: "b", old_str_start_line_number: 1, old_str_end_line_number: 1 }],
    });
  if (cli === "cursor")
    return cursor(cwd, "preToolUse", {
      tool_name: "StrReplace",
      tool_input: { file_path: join(cwd, "a.txt"), old_string: "a", new_string: "b" },
    });
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

const sessionStart = (cli, dir) => {
  if (cli === "auggie") return auggie(dir, "SessionStart", {});
  if (cli === "copilot") return copilot(dir, { source: "new", initialPrompt: "fix the login" });
  if (cli === "cursor") return cursor(dir, "sessionStart", { session_id: "bench-session", composer_mode: "agent" });
  // Antigravity CLI's session starts with its first model call.
  if (cli === "antigravity") return antigravity(dir, { invocationNum: 0, initialNumSteps: 1 });
  return sessionStartLike(cli, dir);
};
const sessionStartLike = (cli, dir) => ({
  session_id: "bench-session",
  transcript_path: join(dir, "t.jsonl"),
  cwd: dir,
  hook_event_name: "SessionStart",
  source: "startup",
  ...(cli === "gemini" || cli === "qwen" ? extras[cli] : cli === "droid" ? { permission_mode: "off" } : {}),
});

// The command gates' bench config: ten gates of the kinds users write.
const TEN_GATES = [
  ["publish", "npm publish", "pnpm publish", "yarn npm publish"],
  ["infra", "terraform apply", "terraform destroy", "kubectl delete"],
  ["db-reset", "prisma migrate reset", "rails db:drop", "dropdb"],
  ["docker-push", "docker push", "podman push"],
  ["helm", "helm uninstall", "helm delete"],
  ["aws", "aws s3 rm", "aws ec2 terminate-instances"],
  ["cargo-publish", "cargo publish"],
  ["pulumi", "pulumi up", "pulumi destroy"],
  ["gcloud", "gcloud projects delete"],
  ["twine", "twine upload"],
].map(([name, ...commands]) => ({ name, commands, reason: `${name} needs the owner's approval.` }));

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
/** One `git status` in `dir`: what a session-start check that reports uncommitted files cannot do without. */
const gitStatus = (dir) => ({ name: "git status", command: ["git", "status", "--porcelain"], cwd: dir });

/** A session-start hook; `overGitStatus`: timed beyond one `git status` in the same repository. */
function sessionStartCase(guardrail, clis, { target = null, overGitStatus = false } = {}) {
  return {
    guardrail,
    target,
    copilotEvent: "sessionStart",
    antigravityEvent: "PreInvocation",
    clis,
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        ...(overGitStatus ? { over: gitStatus(dir) } : {}),
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

/**
 * A CLI whose install runs every guardrail from one dispatcher (`<home>/hookrail/dispatch.cjs`), with `guardrails`
 * installed behind it, on one plain shell call.
 */
function dispatcherTogether(cli, guardrails) {
  return {
    guardrail: "merge-gate",
    target: 1.3,
    clis: [cli],
    hookFile: (cli, work) => {
      const root = join(work, `${cli}-home`, "hookrail");
      for (const g of guardrails) cpSync(join(repoRoot, "plugins", g, cli), join(root, g), { recursive: true });
      cpSync(join(root, "merge-gate", "dispatch.cjs"), join(root, "dispatch.cjs"));
      return join(root, "dispatch.cjs");
    },
    setup: tenGatesOnAPlainCall,
  };
}

/** Ten gates in the user's config, on a plain shell call that mentions none of them: no parser. */
function tenGatesOnAPlainCall(work) {
  const dir = repo(work);
  const config = join(work, "gates.json");
  writeFileSync(config, JSON.stringify({ "command-gates": TEN_GATES }));
  return {
    env: { HOME: work, HOOKRAIL_CONFIG: config, HOOKRAIL_STATE_DIR: join(work, "state") },
    payload: (cli) => shell(cli, dir, "git status --short && ls -la src"),
  };
}

export const benchCases = {
  "merge-gate": {
    target: 1.15,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "cline", "droid", "cursor", "antigravity", "kimi", "auggie"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work },
        payload: (cli) => shell(cli, dir, "gh pr view 12 --json state,mergeable && git log --oneline -5"),
      };
    },
  },
  // The block path: a merge with no approval, answered with the reason (the model and the user read it).
  "merge-gate-block": {
    guardrail: "merge-gate",
    target: 1.4,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "cline", "droid", "cursor", "antigravity", "kimi"],
    setup: (work) => {
      const dir = repo(work);
      return { env: { HOME: work }, payload: (cli) => shell(cli, dir, "gh pr merge 12 --squash") };
    },
  },
  // A project install: the CLI's hook file finds the project's one copy of the merge gate and runs it, against the
  // CLI's own bundle (the floor) on the same plain command: what sharing one copy per project costs per call.
  "merge-gate-project": {
    guardrail: "merge-gate",
    target: 1.05,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "cline", "droid", "cursor", "antigravity", "auggie"],
    hookFile: (cli, work) => projectHookFile("merge-gate", cli, work),
    // The hook file must answer as the CLI's own bundle does: a copy that cannot start would time its failure.
    sameAnswer: true,
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work },
        floor: {
          name: "own bundle",
          command: (hook, cli) => hook.map((a) => (a === hook[1] ? bundleFile(repoRoot, "merge-gate", cli) : a)),
        },
        payload: (cli) => shell(cli, dir, "gh pr view 12 --json state,mergeable && git log --oneline -5"),
      };
    },
  },
  // Cline runs one dispatcher per event for every guardrail installed in a hooks folder. In a project install it runs
  // each guardrail's project copy in its own process; elsewhere each guardrail is a child process of its own.
  "cline-three-project": clineThree("project"),
  "cline-three-user": clineThree("user"),
  // Kimi Code runs one dispatcher for every guardrail installed (merge-gate, command-gates and worktree-check here):
  // the two bound to a shell call answer in its one process.
  "kimi-together": dispatcherTogether("kimi", ["merge-gate", "command-gates", "worktree-check"]),
  // The same two, each in a process of its own.
  "kimi-apart": {
    guardrail: "merge-gate",
    alongside: ["command-gates"],
    target: 1.3,
    clis: ["kimi"],
    setup: tenGatesOnAPlainCall,
  },
  // Auggie's install runs one dispatcher for every guardrail installed: merge-gate, command-gates and branch-drift,
  // all three bound to a shell call, answer in its one process.
  "auggie-together": dispatcherTogether("auggie", ["merge-gate", "command-gates", "branch-drift"]),
  // The same three, each in a process of its own (as before Auggie's install shared one).
  "auggie-apart": {
    guardrail: "merge-gate",
    alongside: ["command-gates", "branch-drift"],
    target: 1.3,
    clis: ["auggie"],
    setup: tenGatesOnAPlainCall,
  },
  // merge-gate, command-gates and branch-drift installed together, on one plain shell call: the CLI runs the
  // three at once; against one Node start.
  "three-together": {
    guardrail: "merge-gate",
    alongside: ["command-gates", "branch-drift"],
    target: 1.3,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor"],
    setup: tenGatesOnAPlainCall,
  },
  // A PowerShell line against a bash line of the same length, in Claude Code's bundle, both read in full (neither
  // passes the prefilter): the same work in each (a listing, a sort, a pull request's state), the floor being the
  // bash line. The PowerShell reader must cost no more than the bash parser.
  "merge-gate-powershell": {
    guardrail: "merge-gate",
    target: 1.15,
    clis: ["claude"],
    setup: (work) => {
      const dir = repo(work);
      const lines = {
        powershell:
          "Get-ChildItem src -Filter *.ts | ForEach-Object { $_.Name } | Sort-Object -Unique; gh pr view 12 --json state",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash expansion, not a template
        bash: 'for f in src/*.ts; do echo "${f##*/}"; done | sort -u; gh pr view 12 --json state,mergeable,headRefName,title',
      };
      if (lines.powershell.length !== lines.bash.length)
        throw new Error(`lines of ${lines.powershell.length} and ${lines.bash.length} characters`);
      return {
        env: { HOME: work },
        floor: { name: "bash line", command: (hook) => hook, payload: (cli) => shell(cli, dir, lines.bash) },
        payload: (cli) => ({ ...shell(cli, dir, lines.powershell), tool_name: "PowerShell" }),
      };
    },
  },
  // Ten gates in the user's config, on a plain command that mentions none of them: no parser.
  "command-gates": {
    target: 1.15,
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "cline", "droid", "cursor", "antigravity", "kimi"],
    setup: tenGatesOnAPlainCall,
  },
  "branch-drift": {
    target: 1.2,
    // Antigravity CLI: refused by branch-drift's manifest (no channel for its note).
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor"],
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
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor"],
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
  // worktree-check at session start costs at most a Node start beyond one `git status` in the same repository.
  "worktree-check-large": {
    guardrail: "worktree-check",
    target: 1.15,
    clis: ["claude"],
    setup: (work) => {
      const dir = repo(work, 50_000);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        over: gitStatus(dir),
        payload: () => sessionStart("claude", dir),
      };
    },
  },
  // The session-start check of the install record (a guardrail that vanished is told to the user): its cost.
  "worktree-check-recorded": recordedStart("worktree-check"),
  "plan-export-start-recorded": recordedStart("plan-export"),
  // plan-export: not in Cursor or Antigravity CLI (no hook at a plan's approval).
  "plan-export-start": sessionStartCase("plan-export", ["claude", "gemini", "codex", "copilot", "qwen", "droid"]),
  "worktree-check": sessionStartCase(
    "worktree-check",
    ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor", "antigravity"],
    { target: 1.15, overGitStatus: true },
  ),
};

/** A guardrail package without a case of its own is timed on a shell command in a repository (no target). */
export function benchCase(root, name) {
  if (benchCases[name]) return benchCases[name];
  if (!existsSync(join(root, "packages", name, "src", "manifest.ts"))) return undefined;
  return {
    target: null,
    untimed: "no case of its own in scripts/bench-cases.mjs",
    clis: ["claude", "gemini", "codex", "copilot", "qwen", "droid", "cursor", "antigravity"],
    setup: (work) => {
      const dir = repo(work);
      return {
        env: { HOME: work, HOOKRAIL_STATE_DIR: join(work, "state") },
        payload: (cli) => shell(cli, dir, "npm test"),
      };
    },
  };
}

/** merge-gate, command-gates and branch-drift in one Cline hooks folder, on a plain shell call, against one Node start. */
function clineThree(scope) {
  const guardrails = ["merge-gate", "command-gates", "branch-drift"];
  return {
    guardrail: "merge-gate",
    target: 1.3,
    clis: ["cline"],
    hookFile: (cli, work) => {
      const project = join(work, `cline-${scope}`);
      const hooks = join(project, ".clinerules", "hooks");
      mkdirSync(join(project, ".git"), { recursive: true });
      for (const g of guardrails) {
        const form =
          scope === "project" ? join(repoRoot, "plugins", g, "project", cli) : join(repoRoot, "plugins", g, cli);
        cpSync(form, join(hooks, "hookrail", g), { recursive: true });
        if (scope === "project")
          cpSync(join(repoRoot, "plugins", g, "project", "shared"), join(project, ".hookrail", "hooks", g), {
            recursive: true,
          });
      }
      cpSync(join(hooks, "hookrail", "merge-gate", "dispatch"), join(hooks, "PreToolUse"));
      return join(hooks, "PreToolUse");
    },
    setup: tenGatesOnAPlainCall,
  };
}

/**
 * A project as a project install leaves it, under `work`: the CLI's folder in its project form and the project's
 * copy of the guardrail (.hookrail/hooks/<guardrail>/); the CLI's hook file there.
 */
function projectHookFile(guardrail, cli, work) {
  const project = join(work, "project-install");
  const form = join(repoRoot, "plugins", guardrail, "project", cli);
  cpSync(form, join(project, `${cli}-folder`), { recursive: true });
  cpSync(join(repoRoot, "plugins", guardrail, "project", "shared"), join(project, ".hookrail", "hooks", guardrail), {
    recursive: true,
  });
  const own = bundleFile(repoRoot, guardrail, cli);
  return join(project, `${cli}-folder`, own.slice(join(repoRoot, "plugins", guardrail, cli).length + 1));
}

/** The shipped bundle of `guardrail` for `cli`: wherever the CLI's packaging put `<guardrail>.cjs` in its folder. */
export function bundleFile(root, guardrail, cli) {
  const folder = join(root, "plugins", guardrail, cli);
  const found = existsSync(folder)
    ? readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(
        (f) => f.split(/[\\/]/).pop() === `${guardrail}.cjs`,
      )
    : [];
  if (found.length !== 1)
    throw new Error(`${folder} holds ${found.length} files named ${guardrail}.cjs (run npm run build first)`);
  return join(folder, found[0]);
}
