import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stableText } from "../src/index.ts";

describe("stableText", () => {
  it.each([
    ["branch x at 4b601a7 in REPO/sub", "branch x at <sha> in <tmp>"],
    ["edits went to REPO. Stop", "edits went to <tmp>. Stop"],
    ["HEAD 2ccf1210b4c6e2f9d1e6a7c8b9d0e1f2a3b4c5d6, told at 2026-12-01T07:24:34.123Z", "HEAD <sha>, told at <time>"],
    ["`git -C REPO status`: fine", "`git -C <tmp> status`: fine"],
    ["commit 1234567 of abc and deadline", "commit <sha> of abc and deadline"],
  ])("%s", (text, expected) => {
    expect(stableText(text.replace("REPO", join(tmpdir(), "hookrail-repo-IqKkDw")))).toBe(expected);
  });
});
