// The hookrail command in-process, in a throwaway home: what install lifecycle tests drive.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { Readable } from "node:stream";
import { gitRepo, hookPayload, repoRoot, runBundle, tempDir } from "@hookrail/test-utils";
import { main } from "../src/main.ts";

export interface Home {
  home: string;
  repo: string;
  env: Record<string, string>;
  hookrail(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  write(path: string, text: string): string;
  read(path: string): string;
  /** Puts an executable script on this home's PATH (a stand-in for a CLI). */
  fakeBin(name: string, script: string): void;
}

export function home(): Home {
  const dir = tempDir("hookrail-home-");
  const repo = gitRepo().dir;
  const bin = join(dir, "bin");
  mkdirSync(bin);
  // node, git and sh, but no CLI unless a test adds one.
  for (const [name, target] of Object.entries({ node: process.execPath, git: "/usr/bin/git", sh: "/bin/sh" })) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${target}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const env = { HOME: dir, PATH: bin, LANG: "C.UTF-8" };
  const at = (p: string) => (p.startsWith("/") ? p : join(dir, p));
  return {
    home: dir,
    repo,
    env,
    async hookrail(...argv) {
      let stdout = "";
      let stderr = "";
      const code = await main(argv, {
        stdin: Readable.from([]),
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t) },
        env,
        cwd: repo,
      });
      return { code, stdout, stderr };
    },
    write(p, text) {
      mkdirSync(dirname(at(p)), { recursive: true });
      writeFileSync(at(p), text);
      return at(p);
    },
    read: (p) => readFileSync(at(p), "utf8"),
    fakeBin(name, script) {
      writeFileSync(join(bin, name), `#!/bin/sh\n${script}\n`);
      chmodSync(join(bin, name), 0o755);
    },
  };
}

/** Every file and empty folder under `root` (but .git and the bin folder of `home()`), path -> content. */
export function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === ".git" || relative(root, path) === "bin") continue;
      if (statSync(path).isDirectory()) {
        if (!readdirSync(path).length) files[`${relative(root, path)}/`] = "";
        walk(path);
      } else files[relative(root, path)] = readFileSync(path, "utf8");
    }
  };
  walk(root);
  return files;
}

/** An installed session-start bundle run as `cli` starts a session in the home's repository. */
export const startSession = (h: Home, cli: "codex" | "droid", bundle: string, sessionId: string) =>
  runBundle(bundle, JSON.stringify(hookPayload(cli, "SessionStart.json", { cwd: h.repo, sessionId })), {
    env: { ...h.env, PATH: process.env.PATH },
    extendEnv: false,
    cwd: h.repo,
  });

/** The hookrail command in-process with this PATH, the repository's plugins and `env`: its exit code and all it printed. */
export async function hookrailIn(argv: string[], env: Record<string, string>, cwd: string) {
  let out = "";
  const exitCode = await main(argv, {
    stdin: Readable.from([]),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (out += t) },
    env: { PATH: process.env.PATH ?? "", ...env, HOOKRAIL_PLUGINS_DIR: join(repoRoot, "plugins") },
    cwd,
  });
  return { exitCode, out };
}
