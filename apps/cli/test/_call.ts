// Runs the hookrail command in-process with its own HOME, config and state folders, and captures its output.
import { Readable } from "node:stream";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { main } from "../src/main.ts";

export interface CallOptions {
  stdin?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Pretend stdout is a terminal of this size. */
  tty?: { columns: number; rows: number };
}

export async function call(argv: string[], options: CallOptions = {}) {
  let stdout = "";
  let stderr = "";
  const home = tempDir();
  const code = await main(argv, {
    stdin: Readable.from([options.stdin ?? ""]),
    stdout: {
      write: (t: string) => (stdout += t),
      ...(options.tty ? { isTTY: true, ...options.tty } : {}),
    },
    stderr: { write: (t: string) => (stderr += t) },
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: `${home}/c`,
      HOOKRAIL_STATE_DIR: `${home}/s`,
      ...options.env,
    },
    cwd: options.cwd ?? gitRepo().dir,
  });
  return { code, stdout, stderr };
}
