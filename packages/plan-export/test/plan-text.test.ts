// The pure text helpers: normal form and hash, titles and slugs, file names and front matter.
import { describe, expect, it } from "vitest";
import {
  exportedDocument,
  exportFileName,
  normalizePlan,
  planHash,
  planSlug,
  planTitle,
  readFrontMatter,
  slugify,
} from "../src/plan-text.ts";

describe("normal form and hash", () => {
  it.each([
    ["# A\n", "# A\n"],
    ["# A", "# A\n"],
    ["\n\n  \n# A\r\nb\r\n\r\n   \n", "# A\nb\n"],
    ["   \n\t\n", ""],
  ])("%j → %j", (text, normal) => expect(normalizePlan(text)).toBe(normal));

  it("the same plan with other line ends or trailing blanks hashes the same; a revision does not", () => {
    expect(planHash("# A\r\nb\r\n\r\n")).toBe(planHash("# A\nb"));
    expect(planHash("# A\nb\nc")).not.toBe(planHash("# A\nb"));
  });
});

describe("titles, slugs and names", () => {
  it.each([
    ["# Plan: add hello.txt\n", "add hello.txt"],
    ["intro\n\n## Refactor the parser ##\n", "Refactor the parser"],
    ["# Plan\n", "Plan"],
    ["no heading at all\n", undefined],
  ])("title of %j is %j", (text, title) => expect(planTitle(text)).toBe(title));

  it.each([
    ["Add hello.txt", "add-hello-txt"],
    ["Crème brûlée — über cool!", "creme-brulee-uber-cool"],
    ["日本語", ""],
    [`${"word ".repeat(30)}end`, "word-word-word-word-word-word-word-word-word-word-word-word"],
  ])("slug of %j is %j", (text, slug) => expect(slugify(text)).toBe(slug));

  it("falls back to the CLI's plan name, then to 'plan'", () => {
    expect(planSlug("no heading", "/home/u/.claude/plans/plan-a-hello-wise-rainbow.md")).toBe(
      "plan-a-hello-wise-rainbow",
    );
    expect(planSlug("# 日本語", "/x/日本.md")).toBe("plan");
  });

  const parts = {
    text: "# Plan: add hello.txt\n",
    sourcePath: "/p.md",
    cli: "gemini" as const,
    outcome: "rejected" as const,
    sessionId: "0a1b2c3d-4e5f",
    hash: "f".repeat(64),
    at: new Date(2026, 10, 30, 9, 5),
  };
  it.each([
    ["{date}-{time}-{slug}", "2026-11-30-0905-add-hello-txt.md"],
    ["{cli}_{outcome}_{hash}_{session}.md", "gemini_rejected_ffffffff_0a1b2c3d.md"],
    ['{slug}: "why"? {unknown}', "add-hello-txt- -why-- {unknown}.md"],
    ["...", "plan.md"],
  ])("pattern %j → %j", (pattern, name) => expect(exportFileName({ ...parts, pattern })).toBe(name));
});

describe("front matter", () => {
  it("writes quoted strings and reads its own hash and outcome back", () => {
    const doc = exportedDocument(
      {
        title: 'Plan: "quotes"',
        outcome: "accepted",
        resolution: "approved",
        cli: "claude",
        session: "s1",
        source: "/h/.claude/plans/x.md",
        plannedAt: new Date("2026-11-30T14:12:00Z"),
        exportedAt: new Date("2026-11-30T14:13:00Z"),
        feedback: "line one\nline two",
        hash: "a".repeat(64),
      },
      '# Plan: "quotes"\r\n',
    );
    expect(doc).toBe(
      [
        "---",
        'title: "Plan: \\"quotes\\""',
        "outcome: accepted",
        "resolution: approved",
        "cli: claude",
        'session: "s1"',
        'source: "/h/.claude/plans/x.md"',
        "planned_at: 2026-11-30T14:12:00.000Z",
        "exported_at: 2026-11-30T14:13:00.000Z",
        `hash: sha256:${"a".repeat(64)}`,
        'feedback: "line one\\nline two"',
        "---",
        "",
        '# Plan: "quotes"',
        "",
      ].join("\n"),
    );
    expect(readFrontMatter(doc)).toEqual({ hash: "a".repeat(64), outcome: "accepted" });
    expect(readFrontMatter("# just notes\nhash: sha256:x\n")).toBeUndefined();
  });
});
