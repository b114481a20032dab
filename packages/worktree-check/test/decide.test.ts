import type { RecordedSession } from "@hookrail/core/session-record";
import { describe, expect, it } from "vitest";
import {
  type CheckoutFacts,
  decideWorktreeCheck,
  type Verdict,
  verdictFor,
  type WorktreeCheckFacts,
  worktreeCheckOptions,
} from "../src/index.ts";

const SHA = "1a2b3c4d".padEnd(40, "e");
const NOW = 1_700_000_000_000;
const defaults = worktreeCheckOptions.defaults();
const other: RecordedSession = {
  sessionId: "other-session-id",
  updatedAt: NOW - 5 * 60_000,
  worktree: "/w/app",
  branch: "main",
  head: SHA,
};
const base: CheckoutFacts = {
  place: "worktree",
  cwd: "/w/app",
  topLevel: "/w/app",
  isLinkedWorktree: false,
  isShallow: false,
  superproject: null,
  branch: "feature",
  head: SHA,
  orphan: false,
  uncommitted: { staged: 0, unstaged: 0, untracked: 0 },
  worktrees: [{ path: "/w/app", branch: "feature", head: SHA, bare: false, prunable: false, current: true }],
  protectedBranches: ["main", "release/*"],
  defaultBranch: null,
  otherSessions: [],
  resumedHere: false,
  now: NOW,
};
const dirty = { staged: 1, unstaged: 2, untracked: 3 };

describe("verdict rules", () => {
  it.each<[string, Partial<CheckoutFacts>, Partial<typeof defaults>, Verdict["work"], RegExp]>([
    [
      "a clean feature branch in the main worktree: here",
      {},
      {},
      "here",
      /main worktree is on branch feature, has no uncommitted/,
    ],
    [
      "main worktree on a protected branch: worktree",
      { branch: "main" },
      {},
      "worktree",
      /on the protected branch main/,
    ],
    ["protected by glob", { branch: "release/1.2" }, {}, "worktree", /protected branch release\/1\.2/],
    [
      "the remote's default branch counts as protected",
      { branch: "trunk", defaultBranch: "trunk" },
      {},
      "worktree",
      /the default branch trunk/,
    ],
    [
      "a linked worktree on a protected branch: here",
      { branch: "main", isLinkedWorktree: true },
      {},
      "here",
      /linked worktree is on protected branch main/,
    ],
    [
      "uncommitted changes at start: worktree",
      { uncommitted: dirty },
      {},
      "worktree",
      /uncommitted changes this session did not make \(1 staged, 2 unstaged, 3 untracked\)/,
    ],
    [
      "uncommitted changes of this session, resumed: here",
      { uncommitted: dirty, resumedHere: true },
      {},
      "here",
      /this session's own from earlier/,
    ],
    [
      "uncommitted count unknown (huge repo): not held against",
      { uncommitted: { unknown: "timeout" } },
      {},
      "here",
      /could not be counted/,
    ],
    [
      "another live session here: worktree",
      { otherSessions: [other] },
      {},
      "worktree",
      /1 other live session works in this checkout/,
    ],
    ["detached HEAD, clean: here", { branch: null }, {}, "here", /has a detached HEAD/],
    [
      "no commits yet: here, nothing to protect",
      { head: null, branch: "main", uncommitted: dirty },
      {},
      "here",
      /no commits yet/,
    ],
    [
      "no commits but shared: here, with a warning",
      { head: null, otherSessions: [other] },
      {},
      "here",
      /agree with the user/,
    ],
    [
      "rules can be switched off",
      { branch: "main", uncommitted: dirty, otherSessions: [other] },
      { onProtectedBranch: false, onUncommittedChanges: false, onOtherSession: false },
      "here",
      /protected branch main, has uncommitted changes \(1 staged, 2 unstaged, 3 untracked\), and 1 other live session/,
    ],
    [
      "several reasons are all given",
      { branch: "main", uncommitted: dirty, otherSessions: [other] },
      {},
      "worktree",
      /protected branch main; there are uncommitted.*; 1 other/,
    ],
  ])("%s", (_label, over, options, work, reason) => {
    const verdict = verdictFor({ ...base, ...over }, { ...defaults, ...options });
    expect(verdict.work).toBe(work);
    expect(verdict.reasons.join("; ")).toMatch(reason);
  });
});

describe("the note", () => {
  it("lists the facts, then exactly one verdict line with the command", () => {
    const facts: CheckoutFacts = {
      ...base,
      branch: "main",
      uncommitted: dirty,
      otherSessions: [other],
      worktrees: [
        { path: "/w/app", branch: "main", head: SHA, bare: false, prunable: false, current: true },
        { path: "/w/app-login", branch: null, head: SHA, bare: false, prunable: true, current: false },
      ],
    };
    expect(decideWorktreeCheck(facts, defaults)).toMatchInlineSnapshot(`
      {
        "context": "worktree-check: the checkout this session works in
      - folder: /w/app (the main worktree)
      - branch: main (protected)
      - HEAD: 1a2b3c4
      - uncommitted files: 1 staged, 2 unstaged, 3 untracked
      - worktrees (2):
        - /w/app [main] <- this one
        - /w/app-login [detached at 1a2b3c4] (folder missing; \`git worktree prune\`)
      - other live sessions in this checkout: session other-se (main, last active 5 min ago)
      open a separate worktree first: this is the main worktree on the protected branch main; there are uncommitted changes this session did not make (1 staged, 2 unstaged, 3 untracked); 1 other live session works in this checkout. Create one and work only there: \`git worktree add ../app-<topic> -b <topic>\` (name <topic> after your task).",
        "type": "note",
        "userMessage": "worktree-check: main in /w/app: open a separate worktree first",
      }
    `);
  });

  it("names each other session by an id start no other shares, and counts them in words that agree", () => {
    const session = (sessionId: string): RecordedSession => ({ ...other, sessionId, updatedAt: NOW });
    const sessions = ["start-codex", "start-copilot", "session_1f0a", "session_2b9c", "a1b2c3d4e5f6"].map(session);
    const text = (n: number) => {
      const answer = decideWorktreeCheck({ ...base, otherSessions: sessions.slice(0, n) }, defaults);
      return answer.type === "note" ? answer.context : "";
    };
    expect(text(5)).toContain(
      "session start-cod (main, last active just now); session start-cop (main, last active just now); session session_1 (main, last active just now); session session_2 (main, last active just now); session a1b2c3d4 (main, last active just now)",
    );
    expect(text(1)).toContain("first: 1 other live session works in this checkout.");
    expect(text(2)).toContain("first: 2 other live sessions work in this checkout.");
  });

  it.each<[string, WorktreeCheckFacts, RegExp]>([
    ["git missing", { place: "git-missing", cwd: "/w" }, /^worktree-check: git was not found on PATH/],
    [
      "outside git",
      { place: "not-a-repository", cwd: "/w" },
      /\nyou can work in this directory: nothing here is under version control/,
    ],
    [
      "a bare repository",
      { place: "git-dir", cwd: "/w/app.git", gitDir: "/w/app.git", bare: true, hasCommits: true },
      /\nopen a separate worktree first: .*`git worktree add \.\.\/app-<topic> -b <topic>`/,
    ],
    [
      "an empty bare repository",
      { place: "git-dir", cwd: "/w/app.git", gitDir: "/w/app.git", bare: true, hasCommits: false },
      /no commits yet, so clone it \(`git clone \/w\/app.git \.\.\/app`\)/,
    ],
    [
      "inside .git",
      { place: "git-dir", cwd: "/w/app/.git", gitDir: "/w/app/.git", bare: false, hasCommits: true },
      /inside git's own folder.*`git worktree add \.\.\/\.\.\/app-<topic> -b <topic>`/s,
    ],
    [
      "submodule, shallow, detached",
      { ...base, branch: null, superproject: "/w/super", isShallow: true },
      /submodule of \/w\/super.*\n- shallow clone.*\n- detached HEAD: .*\nyou can work in this directory/s,
    ],
  ])("%s", (_label, facts, text) => {
    const decision = decideWorktreeCheck(facts, defaults);
    expect(decision.type === "note" && decision.context).toMatch(text);
  });
});

describe("every kind of note, word for word", () => {
  it("says what each place and verdict looks like", () => {
    const cases: [string, WorktreeCheckFacts][] = [
      ["git missing", { place: "git-missing", cwd: "/w" }],
      ["outside git", { place: "not-a-repository", cwd: "/w" }],
      ["dubious ownership", { place: "dubious-ownership", cwd: "/w/app", repository: "/w/their app" }],
      [
        "a bare repository",
        { place: "git-dir", cwd: "/w/app.git", gitDir: "/w/app.git", bare: true, hasCommits: true },
      ],
      [
        "an empty bare repository",
        { place: "git-dir", cwd: "/w/app.git", gitDir: "/w/app.git", bare: true, hasCommits: false },
      ],
      ["inside .git", { place: "git-dir", cwd: "/w/app/.git", gitDir: "/w/app/.git", bare: false, hasCommits: true }],
      ["a clean feature branch", base],
      ["a linked worktree on a protected branch", { ...base, branch: "main", isLinkedWorktree: true }],
      ["submodule, shallow, detached", { ...base, branch: null, superproject: "/w/super", isShallow: true }],
      ["an orphan branch", { ...base, branch: "fresh", head: null, orphan: true }],
      ["no commits, shared", { ...base, head: null, otherSessions: [other] }],
    ];
    const notes = Object.fromEntries(cases.map(([label, facts]) => [label, decideWorktreeCheck(facts, defaults)]));
    expect(notes).toMatchInlineSnapshot(`
      {
        "a bare repository": {
          "context": "worktree-check: /w/app.git is a bare repository: there is no working tree to edit here.
      open a separate worktree first: files cannot be edited in git's own folder; create a worktree and work only there: \`git worktree add ../app-<topic> -b <topic>\` (name <topic> after your task).",
          "type": "note",
          "userMessage": "worktree-check: bare repository: open a separate worktree first",
        },
        "a clean feature branch": {
          "context": "worktree-check: the checkout this session works in
      - folder: /w/app (the main worktree)
      - branch: feature
      - HEAD: 1a2b3c4
      - uncommitted files: none
      - worktrees (1):
        - /w/app [feature] <- this one
      - other live sessions in this checkout: none
      you can work in this directory: the main worktree is on branch feature, has no uncommitted changes, and no other session is live here.",
          "type": "note",
          "userMessage": "worktree-check: feature in /w/app: you can work in this directory",
        },
        "a linked worktree on a protected branch": {
          "context": "worktree-check: the checkout this session works in
      - folder: /w/app (a linked worktree of /w/app)
      - branch: main (protected)
      - HEAD: 1a2b3c4
      - uncommitted files: none
      - worktrees (1):
        - /w/app [feature] <- this one
      - other live sessions in this checkout: none
      you can work in this directory: this linked worktree is on protected branch main, has no uncommitted changes, and no other session is live here.",
          "type": "note",
          "userMessage": "worktree-check: main in /w/app: you can work in this directory",
        },
        "an empty bare repository": {
          "context": "worktree-check: /w/app.git is a bare repository: there is no working tree to edit here.
      open a separate worktree first: files cannot be edited in git's own folder; it has no commits yet, so clone it (\`git clone /w/app.git ../app\`) and work in the clone.",
          "type": "note",
          "userMessage": "worktree-check: bare repository: open a separate worktree first",
        },
        "an orphan branch": {
          "context": "worktree-check: the checkout this session works in
      - folder: /w/app (the main worktree)
      - branch: fresh
      - HEAD: no commits yet on fresh (an orphan branch; the repository has commits on other branches)
      - uncommitted files: none
      - worktrees (1):
        - /w/app [feature] <- this one
      - other live sessions in this checkout: none
      you can work in this directory: branch fresh has no commits yet (an orphan branch; other branches of the repository have history), so nothing on it is at risk.",
          "type": "note",
          "userMessage": "worktree-check: fresh in /w/app: you can work in this directory",
        },
        "dubious ownership": {
          "context": "worktree-check: git refuses the repository at /w/their app: "detected dubious ownership" (it belongs to another user than the one running git, e.g. a bind mount or a devcontainer).
      Branch, worktrees and other sessions are unknown, and every git command here fails until the folder is trusted.
      Ask the user: if they trust this folder, \`git config --global --add safe.directory '/w/their app'\` allows it (it changes their git config; do not run it on your own).",
          "type": "note",
          "userMessage": "worktree-check: git refuses /w/their app (dubious ownership); see safe.directory",
        },
        "git missing": {
          "context": "worktree-check: git was not found on PATH, so the checkout in /w could not be checked (branch, worktrees and other sessions are unknown).",
          "type": "note",
          "userMessage": "worktree-check: git not found; the checkout was not checked",
        },
        "inside .git": {
          "context": "worktree-check: /w/app/.git is inside git's own folder (/w/app/.git): there is no working tree to edit here.
      open a separate worktree first: files cannot be edited in git's own folder; create a worktree and work only there: \`git worktree add ../../app-<topic> -b <topic>\` (name <topic> after your task).",
          "type": "note",
          "userMessage": "worktree-check: inside .git: open a separate worktree first",
        },
        "no commits, shared": {
          "context": "worktree-check: the checkout this session works in
      - folder: /w/app (the main worktree)
      - branch: feature
      - HEAD: no commits yet
      - uncommitted files: none
      - worktrees (1):
        - /w/app [feature] <- this one
      - other live sessions in this checkout: session other-se (main, last active 5 min ago)
      you can work in this directory: the repository has no commits yet, so nothing is at risk and no worktree can be made; 1 other live session works here too: agree with the user who edits what.",
          "type": "note",
          "userMessage": "worktree-check: feature in /w/app: you can work in this directory",
        },
        "outside git": {
          "context": "worktree-check: /w is not inside a git repository, so no branch or worktree can move under this session.
      you can work in this directory: nothing here is under version control to collide on; keep copies of anything you cannot recreate.",
          "type": "note",
          "userMessage": "worktree-check: not a git repository",
        },
        "submodule, shallow, detached": {
          "context": "worktree-check: the checkout this session works in
      - folder: /w/app (the main worktree)
      - branch: detached HEAD at 1a2b3c4
      - HEAD: 1a2b3c4
      - uncommitted files: none
      - worktrees (1):
        - /w/app [feature] <- this one
      - other live sessions in this checkout: none
      - submodule of /w/super: commit here, then record the new commit in the superproject
      - shallow clone: older history is missing (\`git fetch --unshallow\` fetches it)
      - detached HEAD: commits made here belong to no branch; \`git switch -c <topic>\` first
      you can work in this directory: the main worktree has a detached HEAD, has no uncommitted changes, and no other session is live here.",
          "type": "note",
          "userMessage": "worktree-check: detached@1a2b3c4 in /w/app: you can work in this directory",
        },
      }
    `);
  });
});
