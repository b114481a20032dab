// Runs a shipped hook bundle the way a CLI does: a node process, the event on stdin, exit code and stdout read back.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Committed plugin files (repo-relative) that differ from a fresh build of their sources (vitest.bundles.ts). */
    staleBundles: string[];
  }
}

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The built bundle of a guardrail for a CLI: the one `<guardrail>.cjs` in `plugins/<guardrail>/<cli>/`, once
 * vitest.bundles.ts has found it identical to a fresh build of its sources.
 */
export function bundlePath(guardrail: string, cli: string): string {
  const dir = join(repoRoot, "plugins", guardrail, cli);
  const found = existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" }).find((f) => basename(f) === `${guardrail}.cjs`)
    : undefined;
  if (!found) throw new Error(`${dir}/**/${guardrail}.cjs is missing: run npm run build`);
  const file = join(dir, found);
  assertFresh(relative(repoRoot, file), inject("staleBundles"));
  const bundle = bundleFileBeside(file);
  if (existsSync(bundle)) assertFresh(relative(repoRoot, bundle), inject("staleBundles"));
  return file;
}

/** The file beside a shipped hook file that holds its bundle, when it has one (core's bundleFileOf). */
export const bundleFileBeside = (file: string): string => file.replace(/\.cjs$/, ".bundle");

/**
 * A copy of a shipped hook file in a new folder under `dir`, with its bundle's file beside it as an install puts
 * them; `change` alters the bundle's text (a damaged install), or returns undefined to leave the file out.
 */
export function copyHook(file: string, dir: string, change: (bundle: string) => string | undefined = (t) => t): string {
  const to = mkdtempSync(join(dir, "hook-"));
  const copy = join(to, basename(file));
  writeFileSync(copy, readFileSync(file));
  const bundle = bundleFileBeside(file);
  if (!existsSync(bundle)) throw new Error(`${file} has no bundle file beside it`);
  const text = change(readFileSync(bundle, "utf8"));
  if (text !== undefined) writeFileSync(bundleFileBeside(copy), text, "utf8");
  return copy;
}

/** Throws unless the bundle matches a fresh build (checked once per test run by vitest.bundles.ts). */
export function assertFresh(file: string, stale: string[] | undefined): void {
  if (!stale) throw new Error(`${file}: freshness unknown: run the tests with vitest.shared.ts's globalSetup`);
  if (stale.includes(file)) throw new Error(`${file} is stale: run npm run build`);
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
  /** Arguments after the file (Copilot's hook files pass the event name). */
  args?: string[];
}

export async function runBundle(
  file: string,
  input: string | Buffer,
  options: RunBundleOptions = {},
): Promise<BundleResult> {
  const [command = process.execPath, ...prefix] = options.wrapper ?? [];
  const args = [
    ...(options.wrapper ? [process.execPath] : []),
    ...(options.nodeArgs ?? []),
    file,
    ...(options.args ?? []),
  ];
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
