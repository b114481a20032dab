// Everything hookrail knows about one CLI lives in its package (packages/<cli>): no production file elsewhere names a
// CLI in a string ("claude"), so a new CLI needs nothing outside its package but its line in packages/clis. The
// few files that must name CLIs are listed here, each with its reason.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { PLACES } from "@hookrail/clis/places";
import { CLI_NAMES } from "@hookrail/core";
import { repoRoot } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const ALLOWED: Readonly<Record<string, string>> = {
  // The one list of names, which every package's types share.
  "packages/core/src/model/event.ts": "CLI_NAMES",
  // The list of CLIs itself: one line per CLI.
  "packages/clis/src/clis.ts": "CLIS",
  // Each CLI's places and plans, the data-only half of that list (a test holds the two equal).
  "packages/clis/src/places.ts": "PLACES and PLANS",
  // The words that name every CLI's places, generated from PLACES (places-table.test.ts holds the two equal).
  "packages/merge-gate/src/places/places-table.ts": "the generated words of PLACES",
  // `hookrail try` and `explain` speak as Claude Code when no --cli is given (their documented default).
  "apps/cli/src/main.ts": "the default --cli",
  // The test file `hookrail new` writes for a new command gate replays a captured Claude Code payload.
  "apps/cli/src/new/command-gate-tests.ts": "the generated test's payload",
};

// A name in quotes ("claude"), or a key of an object literal (`claude: …`), which a table keyed by CLI would be.
const NAMED = new RegExp(`(["'\`])(?:${CLI_NAMES.join("|")})\\1|(?<![\\w.$-])(?:${CLI_NAMES.join("|")})\\s*:(?!:)`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const cliPackages = new Set<string>(CLI_NAMES);
const dirs = [
  ...readdirSync(join(repoRoot, "packages"))
    .filter((name) => !cliPackages.has(name) && name !== "test-utils")
    .map((name) => join(repoRoot, "packages", name, "src")),
  join(repoRoot, "apps", "cli", "src"),
];
const files = dirs.flatMap((dir) => (statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? sourceFiles(dir) : []));

describe("a production file outside packages/<cli> names no CLI", () => {
  it.each(files.map((file) => [relative(repoRoot, file), file]))("%s", (name, file) => {
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line) && NAMED.test(line));
    if (ALLOWED[name]) expect(lines.length, `${name} is allowed to name CLIs: drop it from ALLOWED`).toBeGreaterThan(0);
    else expect(lines).toEqual([]);
  });
});

// Nor a folder of one (`.claude`, `.codex`…, each CLI's places' ownFolders) in a string or after a slash: where
// a CLI keeps its files is its package's to say (`.claude-plugin`, the plugin format's folder, is another name).
const folders = [...new Set(Object.values(PLACES).flatMap((places) => places.ownFolders))];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// The first folders of the places protected wherever they sit, generated from PLACES (places-table.test.ts holds the
// two equal).
const FOLDERS_ALLOWED = new Set(["packages/merge-gate/src/places/places-table.ts"]);
const FOLDER = new RegExp(`(?<=["'\`/])(?:${folders.map(literal).join("|")})(?![\\w-])`);

describe("a production file outside packages/<cli> names no CLI's own folder", () => {
  it("has the folders to look for", () => {
    expect(folders.length).toBeGreaterThanOrEqual(CLI_NAMES.length);
    expect(FOLDER.test('join(home, ".claude")')).toBe(true);
    expect(FOLDER.test('join(dir, ".claude-plugin")')).toBe(false);
  });

  it.each(files.map((file) => [relative(repoRoot, file), file]))("%s", (name, file) => {
    const lines = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line) && FOLDER.test(line));
    if (FOLDERS_ALLOWED.has(name))
      expect(lines.length, `${name} is allowed to name CLIs' folders: drop it from FOLDERS_ALLOWED`).toBeGreaterThan(0);
    else expect(lines).toEqual([]);
  });
});
