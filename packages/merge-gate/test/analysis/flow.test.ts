// The line's course: each push is judged in the checkout, on the branch and with the config it has at that point.
import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { type FakeCheckout, fakeFacts } from "./_checkouts.ts";

type Verdict = "block" | "allow";

const repos: Record<string, FakeCheckout> = {
  "/repo": { branch: "feature/x", branches: ["main", "feature/y", "develop"] },
  "/main-wt": { branch: "main", repo: "/repo" },
  "/other": { branch: "feature/o", branches: ["main"] },
  "/home/u/src/app": { branch: "main" },
};

function verdict(command: string, checkouts = repos, cwd = "/repo"): Verdict {
  const a = analyzeCommand(command, fakeFacts(checkouts, { cwd }));
  return isBlocked(a) ? "block" : "allow";
}

const cases = (table: [string, Verdict][]) =>
  it.each(table)("%s → %s", (command, expected) => {
    const a = analyzeCommand(command, fakeFacts(repos));
    expect(isBlocked(a) ? "block" : "allow", describeFindings(a)).toBe(expected);
  });

describe("everyday branch work is allowed", () => {
  cases([
    [
      "git checkout main && git pull && git checkout feature/x && git rebase main && git push --force-with-lease",
      "allow",
    ],
    ["git checkout main && git pull && git switch - && git rebase main && git push --force-with-lease", "allow"],
    ["git checkout main && git pull && git checkout - && git push", "allow"],
    ["git stash && git checkout main && git pull && git checkout feature/x && git stash pop && git push", "allow"],
    ["git checkout main && git pull && git checkout -b feature/new && git push -u origin HEAD", "allow"],
    ["git switch main; git pull; git switch -c fix/1; git push -u origin fix/1", "allow"],
    ["git fetch origin && git rebase origin/main && git push --force-with-lease", "allow"],
    ["(git checkout main && git pull); git push", "block"],
    ["git checkout feature/y && git push", "allow"],
    ["cd /other && git push", "allow"],
    ["git -C /other push", "allow"],
    ["cd sub/dir && git push", "allow"],
  ]);
});

describe("family: the line changes the checkout, then pushes", () => {
  cases([
    ["git checkout main && git push", "block"],
    ["git switch main; git push origin HEAD", "block"],
    ["git checkout -t origin/main && git push", "block"],
    ["git checkout --track origin/master && git push", "block"],
    ["git rebase origin/main main && git push", "block"],
    ["git rebase --onto origin/main HEAD~2 main; git push -f", "block"],
    ["git branch -M main && git push -u origin HEAD", "block"],
    ["git branch -m feature/x main && git push", "block"],
    ["git branch -m develop main && git push", "allow"],
    ["git branch -f main HEAD && git push", "allow"],
    ["git branch -f main HEAD && git push origin main", "block"],
    ["git symbolic-ref HEAD refs/heads/main && git push", "block"],
    ["git worktree add ../wt main && cd ../wt && git push", "block"],
    ["git worktree add -b feature/z ../wt && cd ../wt && git push", "allow"],
    ["git worktree add ../wt main && git -C ../wt push", "block"],
    ["cd /home/u/src/app && git push", "block"],
    ["cd ~/src/app && git push", "block"],
    ["pushd /main-wt && git push; popd", "block"],
    ["pushd /main-wt >/dev/null; popd; git push", "allow"],
    // If the first cd fails, `cd -` goes to an $OLDPWD the line does not know.
    ["cd /main-wt; cd -; git push", "block"],
    ["cd /main-wt && cd - && git push", "allow"],
    ["(cd /main-wt) && git push", "allow"],
    ["(cd /main-wt && git push)", "block"],
    ["{ cd /main-wt; }; git push", "block"],
    ["cd /main-wt || exit 1; git push", "block"],
    ["cd /other || cd /main-wt; git push", "block"],
    ["if true; then cd /main-wt; fi; git push", "block"],
    ['cd "$X" && git push', "block"],
    ['cd "$X" && git push origin feature/x', "allow"],
    ["git -C /main-wt push", "block"],
    ["GIT_DIR=/main-wt/.git git push", "block"],
    ["export GIT_DIR=/main-wt/.git; git push", "block"],
    ["env GIT_DIR=/main-wt/.git git push", "block"],
    ["git --git-dir=/main-wt/.git push", "block"],
    ["eval 'cd /main-wt' && git push", "block"],
    ["bash -c 'cd /main-wt' && git push", "allow"],
    ["bash -c 'cd /main-wt && git push'", "block"],
    ["D=/main-wt; cd $D && git push", "block"],
    ["git clone https://x/r.git && cd r && git push", "block"],
    ["git clone -b feature/c https://x/r.git r2 && cd r2 && git push", "allow"],
    ["f() { git checkout main; }; f; git push", "block"],
    ["git checkout main & git push", "block"],
    ["git checkout main | cat; git push", "block"],
  ]);
});

describe("literal variables and loops", () => {
  cases([
    ['BRANCH=feature/x; git push origin "$BRANCH"', "allow"],
    ['BRANCH=main; git push origin "$BRANCH"', "block"],
    ["B=feature/x; git push origin $" + "{B}", "allow"],
    ['for b in feature/a feature/b; do git push origin "$b"; done', "allow"],
    ['for b in feature/a main; do git push origin "$b"; done', "block"],
    ['for b in $(git branch --format=%(refname:short)); do git push origin "$b"; done', "block"],
    ['B=$(git branch --show-current); git push origin "$B"', "block"],
    ['git push origin "$BRANCH"', "block"],
    ['B=feature/x; if x; then B=main; fi; git push origin "$B"', "block"],
    ['B=main; B=feature/x; git push origin "$B"', "allow"],
    ['while read b; do git push origin "$b"; done < branches.txt', "block"],
  ]);
});

describe("family: config set in the same line", () => {
  cases([
    ["git config alias.p push && git p origin HEAD:main", "block"],
    ["git config alias.p push && git p origin feature/x", "allow"],
    ["git config --global alias.p push; git p origin main", "block"],
    ["git config alias.p '!git push origin HEAD:main' && git p", "block"],
    ["git config set alias.sync 'push origin HEAD:main' && git sync", "block"],
    ['git config alias.p "$CMD" && git p', "block"],
    ["git config remote.origin.push HEAD:main && git push", "block"],
    ["git config remote.origin.push refs/heads/feature/x:refs/heads/main && git push origin feature/x", "block"],
    ["git config push.default upstream && git branch -u origin/main && git push", "block"],
    ["git config push.default matching && git push", "block"],
    ["git config push.default nothing && git push", "allow"],
    [
      "git config -f .git/config push.default upstream; git config branch.feature/x.merge refs/heads/main; git push",
      "block",
    ],
    ["git config --unset alias.p && git p", "allow"],
    ["gh alias set pm 'pr merge' && gh pm 12", "block"],
    ["gh alias set --shell pm 'gh pr merge \"$1\"' && gh pm 12", "block"],
    ["gh alias set pv 'pr view' && gh pv 12", "allow"],
    ["gh alias import aliases.yml && gh pm 12", "block"],
    ["gh alias delete pm && gh pm 12", "allow"],
  ]);
});

describe("family: config that already exists", () => {
  const configured: Record<string, FakeCheckout> = {
    "/up": {
      branch: "feature/x",
      config: {
        "push.default": "upstream",
        "branch.feature/x.remote": "origin",
        "branch.feature/x.merge": "refs/heads/main",
      },
    },
    "/simple": {
      branch: "feature/x",
      config: { "branch.feature/x.remote": "origin", "branch.feature/x.merge": "refs/heads/main" },
    },
    "/mapped": { branch: "feature/x", config: { "remote.origin.push": "HEAD:main" } },
    "/matching": { branch: "feature/x", config: { "push.default": "matching" } },
    "/alias": {
      branch: "feature/x",
      config: { "alias.ship": "push origin HEAD:main", "alias.st": "status", "alias.sh": "!gh pr merge" },
    },
  };
  it.each<[string, string, Verdict]>([
    ["/up", "git push", "block"],
    ["/up", "git push origin feature/x", "block"],
    ["/up", "git push origin feature/x:feature/x", "allow"],
    ["/simple", "git push", "allow"],
    ["/mapped", "git push", "block"],
    ["/mapped", "git push origin feature/x", "allow"],
    ["/matching", "git push", "block"],
    ["/alias", "git ship", "block"],
    ["/alias", "git st", "allow"],
    ["/alias", "git sh 12", "block"],
    ["/alias", "git -c alias.ship=status ship", "allow"],
  ])("in %s: %s → %s", (cwd, command, expected) => {
    expect(verdict(command, configured, cwd)).toBe(expected);
  });

  it.each<[Record<string, string> | null, string, Verdict]>([
    [{ pm: "pr merge" }, "gh pm 12", "block"],
    [{ co: "pr checkout" }, "gh co 12", "allow"],
    [{ m: "!gh pr merge $1" }, "gh m 12", "block"],
    [null, "gh pm 12", "block"],
    [null, "gh pr view 12", "allow"],
  ])("gh aliases %j: %s → %s", (gh, command, expected) => {
    const a = analyzeCommand(command, fakeFacts(repos, { gh }));
    expect(isBlocked(a) ? "block" : "allow").toBe(expected);
  });
});

describe("tracking branches meet push.default=upstream", () => {
  const upstream: Record<string, FakeCheckout> = {
    "/u": { branch: "feature/x", config: { "push.default": "upstream" } },
  };
  it.each<[string, Verdict]>([
    ["git checkout -b fix origin/main && git push", "block"],
    ["git checkout -b fix --no-track origin/main && git push", "allow"],
    ["git checkout -b fix origin/feature/base && git push", "allow"],
    ["git branch -u origin/main && git push", "block"],
    ["git branch -u origin/feature/x && git push", "allow"],
  ])("%s → %s", (command, expected) => {
    expect(verdict(command, upstream, "/u")).toBe(expected);
  });
});

describe("what else moves a checkout or hides config", () => {
  cases([
    ["gh pr checkout 12 && git push", "block"],
    ["gh pr checkout 12 -b feature/pr12 && git push", "allow"],
    ["gh repo clone o/r && cd r && git push", "block"],
    ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0=push git p origin HEAD:main", "block"],
    ["GIT_CONFIG_GLOBAL=/tmp/cfg git p", "block"],
    ["HOME=/tmp/h git push", "block"],
    ["git -c include.path=/tmp/inc p", "block"],
    ["git --config-env alias.p=CMD p", "block"],
    ["GH_CONFIG_DIR=/tmp/gh gh pm 12", "block"],
    ["GH_CONFIG_DIR=/tmp/gh gh pr view 12", "allow"],
    ['declare -n B=M; M=main; git push origin "$B"', "block"],
    ['B=feature/x; source env.sh; git push origin "$B"', "block"],
    ["git status && git st", "allow"],
  ]);
});

describe("wrappers that move the command", () => {
  cases([
    ["env -C /main-wt git push", "block"],
    ["env --chdir=/other git push", "allow"],
    ["sudo -D /main-wt git push", "block"],
    ["sudo -C 3 git push", "allow"],
  ]);
});
