// A throwaway copy of this repository, for tests that change it the way a user does (a new package, a
// build): its tracked files, and a node_modules that reuses this one's installed packages. The workspace
// links (node_modules/@hookrail/*, node_modules/hookrail) are relative, as npm writes them, so they point
// at the copy's own packages; everything else links to this repository's node_modules, which is never
// written (the copy's caches start empty).
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { repoRoot } from "@hookrail/test-utils";

/** What the copy must not share: caches written under node_modules, and npm's record of this install. */
const OWN = new Set([".cache", ".vite", ".vite-temp", ".package-lock.json"]);

/** Copies the repository into a new temporary folder (the caller removes it) and returns its path. */
export function workspaceCopy(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "hookrail-workspace-")));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" }).split("\0");
  for (const file of tracked.filter(Boolean)) {
    const from = join(repoRoot, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(root, file)), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), join(root, file));
    else copyFileSync(from, join(root, file));
  }
  const modules = join(repoRoot, "node_modules");
  mkdirSync(join(root, "node_modules"));
  for (const entry of readdirSync(modules).filter((e) => !OWN.has(e))) {
    const from = join(modules, entry);
    if (entry === "@hookrail") {
      mkdirSync(join(root, "node_modules", entry));
      for (const pkg of readdirSync(from))
        symlinkSync(readlinkSync(join(from, pkg)), join(root, "node_modules", entry, pkg));
    } else if (isWorkspaceLink(from)) symlinkSync(readlinkSync(from), join(root, "node_modules", entry));
    else symlinkSync(from, join(root, "node_modules", entry));
  }
  // A repository of its own: the linter reads .gitignore through git, and nothing leaks into this one's.
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root });
  return root;
}

/** npm's link to a workspace folder (`hookrail -> ../apps/cli`), which must point into the copy. */
function isWorkspaceLink(path: string): boolean {
  return lstatSync(path).isSymbolicLink() && !readlinkSync(path).startsWith("/");
}

/**
 * What `npm install` does for packages added to the copy, without touching the shared node_modules: the
 * lockfile learns them (offline), and each gets its workspace link.
 */
export function linkNewWorkspaces(root: string): void {
  execFileSync("npm", ["install", "--package-lock-only", "--offline", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "ignore",
    env: cleanEnv(),
  });
  for (const dir of readdirSync(join(root, "packages"))) {
    const link = join(root, "node_modules", "@hookrail", dir);
    if (existsSync(join(root, "packages", dir, "package.json")) && !existsSync(link))
      symlinkSync(join("..", "..", "packages", dir), link);
  }
}

/** This process's environment without what the running test tools set for their own children. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TURBO_|npm_|INIT_CWD$|NODE_OPTIONS$)/.test(key)),
  );
}
