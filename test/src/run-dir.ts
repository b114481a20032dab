// A throwaway world for one CLI run: HOME, CODEX_HOME, XDG dirs, TMPDIR, a stub bin dir and a
// git project, all under one temp dir. The user's real ~/.claude, ~/.gemini, ~/.codex are never
// touched because nothing in the CLI's environment points at them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { DEFAULT_FAKES, writeFakeCommands } from "./fake-bin.ts";
import { proxyEnv } from "./net-guard.ts";

export interface RunDir {
  root: string;
  home: string;
  codexHome: string;
  tmp: string;
  bin: string;
  logs: string;
  project: string;
  fakeLog: string;
}

export function createRunDir(label: string, fakes: readonly string[] = DEFAULT_FAKES): RunDir {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `hookrail-real-${label}-`)));
  const d: RunDir = {
    root,
    home: path.join(root, "home"),
    codexHome: path.join(root, "codex-home"),
    tmp: path.join(root, "tmp"),
    bin: path.join(root, "bin"),
    logs: path.join(root, "logs"),
    project: path.join(root, "project"),
    fakeLog: path.join(root, "logs", "fake-calls.jsonl"),
  };
  for (const dir of [d.home, d.codexHome, d.tmp, d.bin, d.logs, d.project]) fs.mkdirSync(dir, { recursive: true });
  for (const x of ["config", "cache", "data", "state"]) fs.mkdirSync(path.join(root, "xdg", x), { recursive: true });
  writeFakeCommands(d.bin, d.fakeLog, fakes);
  // Login shells (Codex runs `bash -lc`) reset PATH from /etc/profile: put the stubs back first.
  const profile = `export PATH=${JSON.stringify(d.bin)}:"$PATH"\n`;
  fs.writeFileSync(path.join(d.home, ".bash_profile"), profile);
  fs.writeFileSync(path.join(d.home, ".profile"), profile);
  fs.writeFileSync(
    path.join(d.home, ".gitconfig"),
    "[user]\n\tname = Hookrail Conformance\n\temail = conformance@example.invalid\n[init]\n\tdefaultBranch = main\n",
  );
  return d;
}

/** The environment every process of the run gets, built from scratch (nothing of the caller's HOME). */
export function baseEnv(d: RunDir, guardUrl: string): Record<string, string> {
  return {
    PATH: [d.bin, path.dirname(process.execPath), process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"].join(":"),
    HOME: d.home,
    USER: os.userInfo().username,
    SHELL: "/bin/bash",
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    TMPDIR: d.tmp,
    XDG_CONFIG_HOME: path.join(d.root, "xdg", "config"),
    XDG_CACHE_HOME: path.join(d.root, "xdg", "cache"),
    XDG_DATA_HOME: path.join(d.root, "xdg", "data"),
    XDG_STATE_HOME: path.join(d.root, "xdg", "state"),
    GIT_CONFIG_NOSYSTEM: "1",
    ...proxyEnv(guardUrl),
  };
}

/** A git repository with one commit on `main`. */
export async function initGitProject(d: RunDir, env: Record<string, string>): Promise<void> {
  fs.writeFileSync(path.join(d.project, "README.md"), "# conformance project\n");
  const git = (...args: string[]) => execa("git", args, { cwd: d.project, env, extendEnv: false });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("commit", "-q", "-m", "initial");
}

export function removeRunDir(d: RunDir): void {
  if (process.env.HOOKRAIL_KEEP_RUNS) return;
  // A CLI's helper may still be closing files in it (e.g. Codex's log database): retry a little.
  fs.rmSync(d.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
