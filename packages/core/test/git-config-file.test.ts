// The config reader against files written by git itself: what `git config --list` says, it says.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitRepo, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { branchExists, parseGitConfig, readGitConfig } from "../src/git/git-fast.ts";

/** git's own view, `key → values`, of the repository config file. */
function gitList(repo: ReturnType<typeof gitRepo>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const record of repo.git("config", "--file", ".git/config", "--list", "-z").split("\0")) {
    if (!record) continue;
    const nl = record.indexOf("\n");
    const [key, value] = nl < 0 ? [record, "true"] : [record.slice(0, nl), record.slice(nl + 1)];
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

describe("readGitConfig reads what git config wrote", () => {
  it("aliases, push settings, branch upstreams, multi-valued and quoted values", () => {
    const repo = gitRepo();
    repo.git("config", "alias.p", "push origin HEAD:main");
    repo.git("config", "alias.sh", '!f() { echo "a;b" # not a comment; }; f');
    repo.git("config", "push.default", "upstream");
    repo.git("config", "remote.Origin.push", "HEAD:main");
    repo.git("config", "--add", "remote.Origin.push", "refs/heads/x:refs/heads/y");
    repo.git("config", "branch.feature/x.merge", "refs/heads/main");
    repo.git("config", "core.weird", '  spaced\tvalue\\with "quotes"  ');
    const read = readGitConfig([join(repo.dir, ".git", "config")], tempDir());
    expect(read).toEqual(gitList(repo));
    expect(read?.get("remote.Origin.push")).toEqual(["HEAD:main", "refs/heads/x:refs/heads/y"]);
    expect(read?.get("alias.sh")).toEqual(['!f() { echo "a;b" # not a comment; }; f']);
  });

  it("follows include.path, and gives up on includeIf (git decides those)", () => {
    const repo = gitRepo();
    const extra = join(tempDir(), "extra.inc");
    writeFileSync(extra, "[alias]\n\tship = push origin HEAD:main\n");
    repo.git("config", "include.path", extra);
    expect(readGitConfig([join(repo.dir, ".git", "config")], tempDir())?.get("alias.ship")).toEqual([
      "push origin HEAD:main",
    ]);
    repo.git("config", "includeIf.gitdir:/x/.path", extra);
    expect(readGitConfig([join(repo.dir, ".git", "config")], tempDir())).toBeUndefined();
  });

  it("adds nothing for a missing file, and refuses text git would refuse", () => {
    expect(readGitConfig([join(tempDir(), "none")], tempDir())).toEqual(new Map());
    expect(parseGitConfig("[alias\np = push\n")).toBeUndefined();
    expect(parseGitConfig('[alias]\np = "unterminated\n')).toBeUndefined();
    expect(parseGitConfig("[alias] p = push ; comment\n[Push]\n\tDefault = current\n")).toEqual([
      ["alias.p", "push"],
      ["push.default", "current"],
    ]);
  });
});

describe("branchExists", () => {
  it("finds local branches, packed or loose, and remote-tracking ones checkout would create from", () => {
    const repo = gitRepo();
    const common = join(repo.dir, ".git");
    repo.git("branch", "feature/x");
    repo.git("update-ref", "refs/remotes/origin/release", "HEAD");
    expect(branchExists(common, "feature/x")).toBe(true);
    expect(branchExists(common, "release")).toBe(true);
    expect(branchExists(common, "README.md")).toBe(false);
    repo.git("pack-refs", "--all");
    expect(branchExists(common, "feature/x")).toBe(true);
    expect(branchExists(common, "release")).toBe(true);
    expect(branchExists(common, "nope")).toBe(false);
  });
});
