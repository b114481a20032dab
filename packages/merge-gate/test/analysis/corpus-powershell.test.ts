// The PowerShell corpus (test/fixtures/corpus-powershell.jsonl): lines as Claude Code's PowerShell tool, Copilot
// CLI's powershell tool or Codex and Gemini CLI on Windows send them, judged with the same facts as the bash corpus.
import { readFileSync } from "node:fs";
import { ANALYSIS_FAILED } from "@hookrail/shell/engine";
import { describe, expect, it } from "vitest";
import { analyzeCommand, describeFindings, isBlocked } from "../../src/analysis/index.ts";
import { analysisCanSkip } from "../../src/analysis/prefilter.ts";
import type { CorpusLine } from "./_corpus.ts";
import { corpusFacts } from "./_corpus.ts";
import { garbage, mutate, pick, prng } from "./_fuzz.ts";

const corpus: CorpusLine[] = readFileSync(new URL("../fixtures/corpus-powershell.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusLine);
const facts = { ...corpusFacts, dialect: "powershell" as const };

describe("PowerShell corpus", () => {
  it("holds both labels", () => {
    expect(corpus.filter((l) => l.label === "block").length).toBeGreaterThan(300);
    expect(corpus.filter((l) => l.label === "allow").length).toBeGreaterThan(100);
  });

  it.each(corpus)("$label: $command", ({ label, command }) => {
    const analysis = analyzeCommand(command, facts);
    expect(isBlocked(analysis) ? "block" : "allow", describeFindings(analysis)).toBe(label);
  });

  it("the prefilter skips no PowerShell line that the analysis blocks", () => {
    for (const { command } of corpus) {
      if (analysisCanSkip(command, undefined, [], "powershell")) {
        expect(isBlocked(analyzeCommand(command, { ...facts, protectedPaths: undefined })), command).toBe(false);
      }
    }
  });

  it("never fails on mutated PowerShell lines", () => {
    const rand = prng(21);
    for (let i = 0; i < 1500; i++) {
      let command = pick(rand, corpus).command;
      for (let k = 1 + rand(3); k > 0; k--) command = rand(3) === 0 ? command + garbage(rand) : mutate(rand, command);
      const findings = analyzeCommand(command, facts).findings;
      expect(
        findings.some((f) => f.kind === "unprovable" && f.why === ANALYSIS_FAILED),
        command.slice(0, 200),
      ).toBe(false);
    }
  }, 60_000);
});
