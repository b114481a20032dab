// Claude Code's and Copilot CLI's files after `<cli> plugin marketplace add …` + `<cli> plugin install
// merge-gate@hookrail`, as the real binaries wrote them (fixtures/marketplace-route, captured from Claude Code
// 2.1.332 and Copilot CLI 1.0.102, offline: a marketplace folder, and hookrail/hookrail cloned through a git
// `insteadOf` to a local copy), written into a test's home and repository with the plugin folders they name.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { repoRoot } from "@hookrail/test-utils";
import type { Home } from "./_hookrail.ts";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "marketplace-route");

export type RouteFixture = "claude-directory" | "claude-github" | "copilot-github" | "copilot-directory";

/** A copy of this repository's marketplace (its marketplace.json and every guardrail's Claude plugin) in `dest`. */
export function marketCopy(dest: string): string {
  cpSync(join(repoRoot, ".claude-plugin"), join(dest, ".claude-plugin"), { recursive: true });
  for (const g of readdirSync(join(repoRoot, "plugins")))
    if (existsSync(join(repoRoot, "plugins", g, "claude")))
      cpSync(join(repoRoot, "plugins", g, "claude"), join(dest, "plugins", g, "claude"), { recursive: true });
  return dest;
}

const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => statSync(join(dir, f)).isFile());

/**
 * Writes the fixture's files into `h` (`{home}`, `{project}`, `{market}` replaced), then the folders they
 * name: the marketplace folder, the plugin store's copies (a Claude plugin folder each).
 */
export function writeRoute(h: Home, fixture: RouteFixture): { market: string } {
  const market = marketCopy(join(h.home, "market"));
  const root = join(FIXTURES, fixture);
  for (const side of ["home", "project"]) {
    const base = join(root, side);
    if (!existsSync(base)) continue;
    for (const file of files(base)) {
      const text = readFileSync(join(base, file), "utf8")
        .replaceAll("{home}", h.home)
        .replaceAll("{project}", h.repo)
        .replaceAll("{market}", market);
      h.write(join(side === "home" ? h.home : h.repo, file), text);
      // The folders the store names: a copy of the plugin each (Claude Code's cache, Copilot CLI's installed-plugins).
      for (const [, folder, name] of text.matchAll(
        /"(?:installPath|cache_path)": "([^"]*\/(merge-gate|worktree-check)[^"]*)"/g,
      ))
        if (folder && name) cpSync(join(market, "plugins", name, "claude"), folder, { recursive: true });
      for (const [, folder] of text.matchAll(/"installLocation": "([^"]+)"/g))
        if (folder && !existsSync(folder)) marketCopy(folder);
    }
  }
  return { market };
}

/** A plugin folder of someone else's that is also called `name` (its own author and description, no hookrail bundle). */
export function foreignPlugin(dest: string, name: string): string {
  mkdirSync(join(dest, ".claude-plugin"), { recursive: true });
  writeFileSync(
    join(dest, ".claude-plugin", "plugin.json"),
    JSON.stringify({ name, version: "2.0.0", description: "Our own merge checks", author: { name: "acme" } }),
  );
  return dest;
}

/** `text` with the test's folders named: ~ for its home, <repo> for its repository. */
export const named = (h: Home, text: string) => text.replaceAll(h.home, "~").replaceAll(h.repo, "<repo>");
