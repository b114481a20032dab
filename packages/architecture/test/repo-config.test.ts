// The repository's own configuration, as a new contributor meets it: a fresh `npm ci` says nothing of
// unreviewed install scripts, turbo never prints its telemetry notice, lint fails on a warning, and the
// marketplace names every supported CLI.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLIS } from "@hookrail/clis";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";

const rootPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  description: string;
  scripts: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};

describe("the root configuration", () => {
  it("reviews every install script of the lockfile in allowScripts (npm ci warns of the others)", () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ""));
    expect(scripted).toContain("esbuild");
    for (const name of scripted) expect(rootPackage.allowScripts?.[name], name).toBe(true);
  });

  it("runs turbo with its telemetry off from every script, so a fresh HOME gets no notice", async () => {
    const scripts = Object.entries(rootPackage.scripts).filter(([, line]) => /\bturbo\b/.test(line));
    expect(scripts.length).toBeGreaterThan(3);
    for (const [name, line] of scripts) expect(line, name).not.toMatch(/(^|&& )turbo /);
    const home = tempDir();
    const status = await execa(process.execPath, [join(repoRoot, "scripts", "turbo.mjs"), "telemetry", "status"], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, ".config") },
      extendEnv: false,
      reject: false,
    });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/Status: Disabled/);
    expect(status.stdout + status.stderr).not.toMatch(/Attention|collects completely anonymous telemetry/);
  });

  it("names every supported CLI in the marketplace, and counts none in the root package", () => {
    const marketplace = JSON.parse(readFileSync(join(repoRoot, ".claude-plugin", "marketplace.json"), "utf8")) as {
      metadata: { description: string };
    };
    const titles = Object.values(CLIS).map((cli) => cli.title);
    for (const title of titles) expect(marketplace.metadata.description, title).toContain(title);
    // The root package is never published: it says where the list is rather than keep a copy of it.
    for (const title of titles) expect(rootPackage.description, title).not.toContain(title);
    expect(rootPackage.description).not.toMatch(/\b(two|three|four|five|six|seven|eight|nine|ten|\d+) (CLIs|agents)\b/);
  });

  it("says in the README what hookrail does on Windows, linking the details", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const section = /\n## Windows\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? "";
    expect(section).toContain("(docs/cli-differences.md#windows)");
    expect(readFileSync(join(repoRoot, "docs", "cli-differences.md"), "utf8")).toMatch(/^## Windows$/m);
  });

  it("fails lint on a warning, not only on an error", () => {
    expect(rootPackage.scripts["lint:biome"]).toBe("biome check --error-on-warnings .");
  });
});
