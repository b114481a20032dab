// The one place simple-git is started from (for @hookrail/core/git): quiet, locale-independent, never prompting.
import { type SimpleGit, simpleGit } from "simple-git";

// simple-git refuses to start git when the environment names an editor, pager, askpass or ssh program
// (npm itself exports EDITOR), because it cannot tell them from injected ones. Our commands only read
// and never prompt, so those variables are dropped; config paths stay allowed so the user's git config
// (safe.directory, includeIf) still applies.
const UNNEEDED_ENV = new Set(
  "editor pager ssh_askpass git_editor git_sequence_editor git_pager git_askpass git_ssh git_ssh_command git_proxy_command git_external_diff git_template_dir".split(
    " ",
  ),
);

function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !UNNEEDED_ENV.has(name.toLowerCase())) env[name] = value;
  }
  return { ...env, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
}

export function git(cwd: string, timeoutMs?: number): SimpleGit {
  // Quiet, locale-independent output; never prompt for credentials or open an editor.
  return simpleGit({
    baseDir: cwd,
    maxConcurrentProcesses: 4,
    unsafe: { allowUnsafeConfigPaths: true, allowUnsafeConfigEnvCount: true },
    // By default a non-zero exit without stderr counts as success (merge-base --is-ancestor, symbolic-ref -q).
    errors: (error, result) =>
      error ?? (result.exitCode === 0 ? undefined : Buffer.from(`git exited with ${result.exitCode}`)),
    // Done when git's output closes. The default also arms a 50 ms timer at exit that keeps every hook
    // process alive 50 ms after its answer; our read-only commands leave no child holding their output.
    completion: { onClose: true, onExit: false },
    ...(timeoutMs ? { timeout: { block: timeoutMs } } : {}),
  }).env(gitEnv());
}
