// Global setup of the published-package tests: packs every public package once per run with
// `npm pack`, and installs the tarballs alone (no registry: --offline) into a throwaway prefix.
// The tests drive the installed `hookrail` bin, as a user who ran `npm install -g hookrail` would.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { TestProject } from "vitest/node";

const root = new URL("../../../../", import.meta.url).pathname;

/** Workspace folders whose package is not private: the ones a release publishes. */
export function publicPackages(): string[] {
  const folders = ["apps", "packages"].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => join(root, group, name)),
  );
  return folders.filter((dir) => {
    try {
      return !JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private;
    } catch {
      return false;
    }
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    hookrailBin: string;
    tarballs: string[];
  }
}

export default async function setup(project: TestProject) {
  // The pinned real CLIs whose own installers hookrail drives (installed once, skipped when present).
  await execa(
    process.execPath,
    [join(root, "test", "scripts", "install-clis.mjs"), "claude", "gemini", "codex", "copilot", "qwen"],
    {
      stdin: "ignore",
    },
  );
  const work = realpathSync(mkdtempSync(join(tmpdir(), "hookrail-packed-")));
  chmodSync(work, 0o755); // other users run the installed command too (the managed scope's root check)
  const tarballs: string[] = [];
  for (const dir of publicPackages()) {
    const r = await execa("npm", ["pack", "--json", "--pack-destination", work], { cwd: dir, stdin: "ignore" });
    const [info] = JSON.parse(r.stdout) as { filename: string }[];
    if (info) tarballs.push(join(work, info.filename));
  }
  const prefix = join(work, "prefix");
  await execa("npm", ["install", "-g", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, ...tarballs], {
    stdin: "ignore",
    env: { npm_config_cache: join(work, "npm-cache") },
  });
  project.provide("hookrailBin", join(prefix, "bin", "hookrail"));
  project.provide("tarballs", tarballs);
  return () => rmSync(work, { recursive: true, force: true });
}
