// Real git repositories for tests: `main` as the initial branch, a fixed author, no user config.
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { execaSync } from "execa";
import { tempDir } from "./temp.ts";

/** Environment that isolates git from the machine's own configuration. */
export const gitEnv = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

/**
 * A repository folder inside a temp folder of the same name (`…/hookrail-repo-x/hookrail-repo-x`): what a test
 * makes beside it (`git worktree add ../hookrail-repo-x-topic`, as the guardrails advise) is removed with it.
 */
function ownFolder(): string {
  const parent = tempDir("hookrail-repo-");
  const dir = join(parent, basename(parent));
  mkdirSync(dir);
  return dir;
}

export interface GitRepo {
  dir: string;
  git(...args: string[]): string;
  write(file: string, content: string): void;
  commit(message: string): string;
}

export function gitRepo(options: { dir?: string; commits?: number } = {}): GitRepo {
  const dir = options.dir ?? ownFolder();
  const git = (...args: string[]) => execaSync("git", args, { cwd: dir, env: gitEnv, extendEnv: true }).stdout.trim();
  git("init", "-q", "-b", "main");
  const repo: GitRepo = {
    dir,
    git,
    write: (file, content) => writeFileSync(join(dir, file), content),
    commit: (message) => {
      git("add", "-A");
      git("commit", "-q", "--allow-empty", "-m", message);
      return git("rev-parse", "HEAD");
    },
  };
  for (let i = 0; i < (options.commits ?? 1); i++) {
    repo.write("README.md", `commit ${i}\n`);
    repo.commit(`commit ${i}`);
  }
  return repo;
}
