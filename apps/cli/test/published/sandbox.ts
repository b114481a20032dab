// A throwaway machine for the packed `hookrail`: HOME, data folder, a git repository, and a PATH
// holding node, git and (when asked) the pinned real CLIs, so their own installers run offline.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { execa, execaSync } from "execa";
import { inject } from "vitest";

/** Where a `hookrail` run happens, when not in the sandbox's repository with its environment. */
export interface RunIn {
  cwd?: string;
  env?: Record<string, string>;
}

export interface Sandbox {
  home: string;
  repo: string;
  env: Record<string, string>;
  /** The packed `hookrail` with these arguments (a last `{ cwd, env }` runs it elsewhere or with more env). */
  hookrail(...args: (string | RunIn)[]): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  /** A file under HOME. */
  read(path: string): string;
  write(path: string, text: string): string;
  /** A file in the repository. */
  writeRepo(path: string, text: string): string;
}

type CliName = "claude" | "gemini" | "codex" | "copilot" | "qwen";

/** The folder of a pinned real CLI's bin, as the conformance suite installs it (~/.cache/hookrail/clis/<cli>-<version>/). */
function cliBinDir(cli: CliName): string {
  const cache = process.env.HOOKRAIL_CLI_CACHE || join(homedir(), ".cache", "hookrail", "clis");
  const [installed] = readdirSync(cache)
    .filter((d) => d.startsWith(`${cli}-`) && existsSync(join(cache, d, "node_modules", ".bin", cli)))
    .sort()
    .reverse();
  if (!installed) throw new Error(`${cli} is not installed in ${cache}: run node test/scripts/install-clis.mjs ${cli}`);
  return join(cache, installed, "node_modules", ".bin");
}

/** `clis`: the real CLIs on this sandbox's PATH (the others are not there at all); `repoInHome`: the repository under HOME. */
export function sandbox(clis: CliName[] = [], options: { repoInHome?: boolean } = {}): Sandbox {
  const home = tempDir();
  const inHome = join(home, "src", "project");
  if (options.repoInHome) mkdirSync(inHome, { recursive: true });
  const repo = gitRepo(options.repoInHome ? { dir: inHome } : {}).dir;
  const onlyNode = join(tempDir(), "bin");
  mkdirSync(onlyNode);
  const git = execaSync("sh", ["-c", "command -v git"]).stdout;
  for (const [name, target] of Object.entries({ node: process.execPath, git, sh: "/bin/sh" })) {
    writeFileSync(join(onlyNode, name), `#!/bin/sh\nexec "${target}" "$@"\n`);
    chmodSync(join(onlyNode, name), 0o755);
  }
  // Only what a bare machine has (no CLI unless asked for): the CLIs' folders, then node, git and sh.
  const path = [...clis.map(cliBinDir), onlyNode].join(":");
  const env: Record<string, string> = {
    PATH: path,
    HOME: home,
    LANG: "C.UTF-8",
    // Keep the CLIs' own installers off the network.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    GEMINI_TELEMETRY_ENABLED: "false",
    NO_BROWSER: "true",
  };
  return {
    home,
    repo,
    env,
    async hookrail(...args) {
      const last = args.at(-1);
      const where = typeof last === "object" ? last : {};
      const argv = args.filter((a): a is string => typeof a === "string");
      const r = await execa(inject("hookrailBin"), argv, {
        cwd: where.cwd ?? repo,
        env: { ...env, ...where.env },
        extendEnv: false,
        reject: false,
        stdin: "ignore",
      });
      return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr };
    },
    read: (p) => readFileSync(join(home, p), "utf8"),
    write(p, text) {
      mkdirSync(dirname(join(home, p)), { recursive: true });
      writeFileSync(join(home, p), text);
      return join(home, p);
    },
    writeRepo(p, text) {
      mkdirSync(dirname(join(repo, p)), { recursive: true });
      writeFileSync(join(repo, p), text);
      return join(repo, p);
    },
  };
}
