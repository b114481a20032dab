// A line the merge gate reads in full marks the parser's path for the code cache (core's cache-paths.ts), by its
// dialect; a line the prefilter skips marks nothing.
import { PATH_BITS, PATHS_KEY } from "@hookrail/core";
import { afterEach, describe, expect, it } from "vitest";
import { analyzeCommand } from "../../src/analysis/analyze-command.ts";
import { opensInteractiveSession } from "../../src/analysis/interactive-session.ts";

const store = globalThis as Record<symbol, unknown>;
const key = Symbol.for(PATHS_KEY);
const marked = () => Number(store[key]) | 0;
const facts = (dialect?: "bash" | "powershell") => ({
  protectedBranches: ["main"],
  currentBranch: "feature",
  cwd: "/home/me/project",
  ...(dialect ? { dialect } : {}),
});

afterEach(() => {
  delete store[key];
});

describe("the parser's path, for the code cache", () => {
  it.each([
    ["a plain line", "ls -la", undefined, 0],
    ["a line read in full", 'grep -rn "x" src 2>&1 | head', undefined, PATH_BITS.parse],
    [
      "a PowerShell line read in full",
      "Get-ChildItem | Where-Object { $_.Length -gt 0 }",
      "powershell",
      PATH_BITS.powershell,
    ],
  ] as const)("%s", (_, line, dialect, expected) => {
    delete store[key];
    analyzeCommand(line, facts(dialect));
    expect(marked()).toBe(expected);
  });

  it("is marked by the interactive-session check when it parses", () => {
    delete store[key];
    opensInteractiveSession("ls -la");
    expect(marked()).toBe(0);
    opensInteractiveSession('bash -c "echo hi"');
    expect(marked()).toBe(PATH_BITS.parse);
  });
});
