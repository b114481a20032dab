// Runs a shipped hook bundle the way a CLI does: a node process, the event on stdin, exit code and stdout read back.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** The committed bundle of a guardrail for a CLI. */
export function bundlePath(guardrail: string, cli: "claude" | "gemini" | "codex"): string {
  const file = join(repoRoot, "plugins", guardrail, cli, cli === "codex" ? "" : "hooks", `${guardrail}.cjs`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return file;
}

export interface BundleResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  json: Record<string, unknown> | null;
}

export interface RunBundleOptions {
  /** Added to process.env, or the whole environment with `extendEnv: false`. */
  env?: Record<string, string | undefined>;
  extendEnv?: boolean;
  cwd?: string;
  timeoutMs?: number;
  /** Node options before the file, e.g. `--require` of a fault-injecting preload. */
  nodeArgs?: string[];
  /** A command that runs node, e.g. `setpriv --reuid 4242 ...` for a user without a passwd entry. */
  wrapper?: string[];
}

export async function runBundle(
  file: string,
  input: string | Buffer,
  options: RunBundleOptions = {},
): Promise<BundleResult> {
  const [command = process.execPath, ...prefix] = options.wrapper ?? [];
  const args = [...(options.wrapper ? [process.execPath] : []), ...(options.nodeArgs ?? []), file];
  const result = await execa(command, [...prefix, ...args], {
    input,
    reject: false,
    cwd: options.cwd,
    env: { HOOKRAIL_DEBUG_LOG: "", ...options.env },
    extendEnv: options.extendEnv ?? true,
    timeout: options.timeoutMs ?? 15_000,
    stripFinalNewline: false,
  });
  let json: Record<string, unknown> | null = null;
  if (result.stdout.trim()) json = JSON.parse(result.stdout) as Record<string, unknown>;
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr, json };
}
