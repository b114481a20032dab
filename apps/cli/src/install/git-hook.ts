// `hookrail install merge-gate --git-hook`: the merge gate's git pre-push hook in the current repository.
// The program lives in the repository's common git folder (<git-common-dir>/hookrail/: never committed,
// shared by its worktrees); the hook is the pre-push file in the folder git really runs hooks from
// (core.hooksPath honoured). A hook already there is never clobbered: a shell hook gets our block at the
// top, any other hook is kept beside ours and run after it. Uninstall puts back exactly what was there.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { UserError } from "@hookrail/install-kit";
import {
  BLOCK_BEGIN,
  CHAINED_NAME,
  hookBlock,
  isShellHook,
  ownHook,
  withBlock,
  withoutBlock,
} from "./git-hook-script.ts";

export interface GitHookPaths {
  hookFile: string;
  hooksDir: string;
  /** <git-common-dir>/hookrail */
  stateDir: string;
  /** Set when the hooks folder is inside the working tree (core.hooksPath=.husky and the like). */
  inWorkTree: boolean;
}

interface InstallRecord {
  hookFile: string;
  /** How the hook was before: none, a shell hook we added a block to (backup kept), or a hook we chained. */
  before: "none" | "inserted" | "chained";
}

export interface GitHookResult {
  paths: GitHookPaths;
  action: string;
}

function git(cwd: string, env: NodeJS.ProcessEnv, args: string[]): string {
  try {
    return execFileSync("git", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    throw new UserError(`${cwd} is not in a git repository${stderr ? ` (${stderr.split("\n")[0]})` : ""}`);
  }
}

export function gitHookPaths(cwd: string, env: NodeJS.ProcessEnv): GitHookPaths {
  const [common, hooks] = git(cwd, env, [
    "rev-parse",
    "--path-format=absolute",
    "--git-common-dir",
    "--git-path",
    "hooks",
  ]).split("\n");
  if (!common || !hooks) throw new UserError(`git did not tell where the hooks of ${cwd} are`);
  let top = "";
  try {
    top = git(cwd, env, ["rev-parse", "--show-toplevel"]);
  } catch {
    // A bare repository has no working tree.
  }
  const inTop = top !== "" && !relative(top, hooks).startsWith("..") && !hooks.startsWith(`${common}/`);
  return { hookFile: join(hooks, "pre-push"), hooksDir: hooks, stateDir: join(common, "hookrail"), inWorkTree: inTop };
}

const recordFile = (p: GitHookPaths) => join(p.stateDir, "pre-push.json");
const backupFile = (p: GitHookPaths) => join(p.stateDir, "pre-push.original");
const programFile = (p: GitHookPaths) => join(p.stateDir, "pre-push.cjs");
const chainedFile = (p: GitHookPaths) => join(p.hooksDir, CHAINED_NAME);
const readText = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined);
const isExecutable = (file: string) => (statSync(file).mode & 0o111) !== 0;

/** Installs (or refreshes) the pre-push hook; `program` is the built plugins/merge-gate/git/pre-push.cjs. */
export function installGitHook(cwd: string, env: NodeJS.ProcessEnv, program: string): GitHookResult {
  const paths = gitHookPaths(cwd, env);
  if (!existsSync(program))
    throw new UserError(`${program} does not exist; run npm run build in the hookrail repository`);
  mkdirSync(paths.stateDir, { recursive: true });
  mkdirSync(paths.hooksDir, { recursive: true });
  copyFileSync(program, programFile(paths));
  const block = hookBlock(programFile(paths), process.execPath);
  const current = readText(paths.hookFile);
  const stripped = current === undefined ? undefined : withoutBlock(current);

  if (current !== undefined && stripped !== undefined) {
    // Ours already: refresh the block in place.
    writeFileSync(paths.hookFile, withBlockAt(current, block));
    return { paths, action: "updated the pre-push hook" };
  }
  if (existsSync(chainedFile(paths))) {
    throw new UserError(
      `${paths.hookFile} is not hookrail's but ${chainedFile(paths)} is there; move one of them away, then install again`,
    );
  }
  let record: InstallRecord;
  if (current === undefined) {
    writeFileSync(paths.hookFile, ownHook(block, false), { mode: 0o755 });
    record = { hookFile: paths.hookFile, before: "none" };
  } else if (isShellHook(current) && isExecutable(paths.hookFile)) {
    copyFileSync(paths.hookFile, backupFile(paths));
    chmodSync(backupFile(paths), statSync(paths.hookFile).mode & 0o7777);
    writeFileSync(paths.hookFile, withBlock(current, block));
    record = { hookFile: paths.hookFile, before: "inserted" };
  } else {
    renameSync(paths.hookFile, chainedFile(paths));
    writeFileSync(paths.hookFile, ownHook(block, true), { mode: 0o755 });
    record = { hookFile: paths.hookFile, before: "chained" };
  }
  chmodSync(paths.hookFile, statSync(paths.hookFile).mode | 0o111);
  writeFileSync(recordFile(paths), `${JSON.stringify(record, null, 2)}\n`);
  const how = { none: "created", inserted: "added a block to the existing", chained: "chained the existing" }[
    record.before
  ];
  return { paths, action: `${how} pre-push hook` };
}

/** Replaces our block in a hook that has one, wherever it sits. */
function withBlockAt(text: string, block: string): string {
  const start = text.indexOf(BLOCK_BEGIN);
  const stripped = withoutBlock(text) ?? text;
  return stripped.slice(0, start) + block + stripped.slice(start);
}

/** Removes the hook and puts back what was there before, byte for byte when nothing else changed it. */
export function uninstallGitHook(cwd: string, env: NodeJS.ProcessEnv): GitHookResult {
  const paths = gitHookPaths(cwd, env);
  const recordText = readText(recordFile(paths));
  const record = recordText ? (JSON.parse(recordText) as InstallRecord) : undefined;
  const hookFile = record?.hookFile ?? paths.hookFile;
  const current = readText(hookFile);
  const stripped = current === undefined ? undefined : withoutBlock(current);
  let action: string;
  if (stripped === undefined) {
    action = record ? `${hookFile} no longer has hookrail's block; left it as it is` : "no hookrail pre-push hook here";
  } else if (record?.before === "chained") {
    rmSync(hookFile);
    const chained = join(hookFile, "..", CHAINED_NAME);
    if (existsSync(chained)) renameSync(chained, hookFile);
    action = "removed the pre-push hook and put back the one it chained";
  } else if (record?.before === "inserted" && existsSync(backupFile(paths))) {
    const backup = readFileSync(backupFile(paths), "utf8");
    if (stripped === withBlock(backup, "")) {
      copyFileSync(backupFile(paths), hookFile);
      chmodSync(hookFile, statSync(backupFile(paths)).mode & 0o7777);
      action = "removed hookrail's block; the pre-push hook is as it was";
    } else {
      writeFileSync(hookFile, stripped);
      action = "removed hookrail's block (the rest of the hook changed since, and is kept)";
    }
  } else if (stripped.trim() === "#!/bin/sh") {
    rmSync(hookFile);
    action = "removed the pre-push hook";
  } else {
    writeFileSync(hookFile, stripped);
    action = "removed hookrail's block from the pre-push hook";
  }
  for (const file of [programFile(paths), backupFile(paths), recordFile(paths)]) rmSync(file, { force: true });
  try {
    rmdirSync(paths.stateDir);
  } catch {
    // Not empty (another hookrail file) or not there.
  }
  return { paths: { ...paths, hookFile }, action };
}
