// A throwaway machine for the packed `hookrail`: HOME, data folder, a git repository, and a PATH
// holding node, git and (when asked) the pinned real CLIs, so their own installers run offline.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { execa, execaSync } from "execa";
import { inject } from "vitest";
import { type CliName, cliInfo } from "../../../../test/src/clis.ts";

export interface Sandbox {
  home: string;
  repo: string;
  env: Record<string, string>;
  hookrail(...args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  read(path: string): string;
  write(path: string, text: string): string;
}

/** `clis`: the real CLIs on this sandbox's PATH (the others are not there at all). */
export function sandbox(clis: CliName[] = []): Sandbox {
  const home = tempDir();
  const repo = gitRepo().dir;
  const onlyNode = join(tempDir(), "bin");
  mkdirSync(onlyNode);
  const git = execaSync("sh", ["-c", "command -v git"]).stdout;
  for (const [name, target] of Object.entries({ node: process.execPath, git, sh: "/bin/sh" })) {
    writeFileSync(join(onlyNode, name), `#!/bin/sh\nexec "${target}" "$@"\n`);
    chmodSync(join(onlyNode, name), 0o755);
  }
  // Only what a bare machine has (no CLI unless asked for): the CLIs' folders, then node, git and sh.
  const path = [...clis.map((c) => dirname(cliInfo(c).bin)), onlyNode].join(":");
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
      const r = await execa(inject("hookrailBin"), args, {
        cwd: repo,
        env,
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
  };
}
