// The demo's embedded default: a throwaway git repository with a main branch and a feature branch.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execaSync } from "execa";

export interface DemoRepo {
  dir: string;
  git(...args: string[]): string;
  remove(): void;
}

export function createDemoRepo(): DemoRepo {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "hookrail-demo-")));
  const env = {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "hookrail demo",
    GIT_AUTHOR_EMAIL: "demo@hookrail.invalid",
    GIT_COMMITTER_NAME: "hookrail demo",
    GIT_COMMITTER_EMAIL: "demo@hookrail.invalid",
  };
  const git = (...args: string[]) => execaSync("git", args, { cwd: dir, env }).stdout.trim();
  git("init", "-q", "-b", "main");
  writeFileSync(join(dir, "README.md"), "# demo project\n");
  git("add", "-A");
  git("commit", "-q", "-m", "initial commit");
  git("checkout", "-q", "-b", "feature/login");
  writeFileSync(join(dir, "login.ts"), "export const login = () => true;\n");
  git("add", "-A");
  git("commit", "-q", "-m", "add login");
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
