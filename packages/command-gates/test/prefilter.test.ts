// The prefilter may skip a gate's analysis only where that analysis finds nothing: checked on the corpora, on
// mutated corpus lines and on random command lines built from the words that matter.
import { prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { analyzeGate } from "../src/analysis/analyze-gates.ts";
import { gatesToCheck } from "../src/analysis/prefilter.ts";
import type { CommandGate } from "../src/options.ts";
import { corpora, families } from "./_corpus.ts";
import { TEN } from "./_gates.ts";

const start = { cwd: "/repo", home: "/home/u" };
const familyLines = families.flatMap((f) => f.lines);
const lines = [
  ...corpora.flatMap((c) => c.lines.map((l) => l.command)),
  ...familyLines.filter((l) => !l.dialect).map((l) => l.command),
];
const powershellLines = familyLines.filter((l) => l.dialect === "powershell").map((l) => l.command);
const WRAPPERS = ["tsb run", "./bin/sandbox", "nx-cloud record", "with-env"];

/** Every gate the prefilter skips for `line` finds nothing when analysed in full. */
function expectNoSkippedFinding(
  line: string,
  gates: readonly CommandGate[],
  how: { dialect?: "powershell"; wrappers?: string[] } = {},
): number {
  const checked = new Set(gatesToCheck(line, gates, how.dialect));
  let skipped = 0;
  for (const gate of gates) {
    if (checked.has(gate)) continue;
    skipped++;
    const findings = analyzeGate(line, gate, { ...start, ...how }).findings;
    expect(findings, `${gate.name} skipped: ${JSON.stringify(line)}`).toEqual([]);
  }
  return skipped;
}

const WORDS = [
  ..."npm pnpm yarn npx publish terraform apply destroy kubectl delete prisma migrate reset rails db:drop dropdb".split(
    " ",
  ),
  ..."docker push helm uninstall aws s3 rm cargo pulumi up gcloud projects twine upload".split(" "),
  ..."git status log ls cat echo make test grep cd sudo env timeout xargs bash sh eval source . alias ssh".split(" "),
  ..."parallel watch at tmux pwsh python3 node deno find -exec -c -n prod run exec build /usr/bin/npm NPM.EXE".split(
    " ",
  ),
  ..."for do done while if then fi in function PUBLISH_APPROVED=1 INFRA_APPROVED=1 x=1 -- | 12 main".split(" "),
];
const PS_WORDS = [
  ..."iex Invoke-Expression Start-Process saps icm Invoke-Command ForEach-Object Set-Location sl Push-Location".split(
    " ",
  ),
  ..."Write-Output echo Remove-Item New-Item Set-Alias sal Set-Variable sv Start-Job cmd pwsh & . @a npm.cmd".split(
    " ",
  ),
];
const OPS = [" && ", " || ", " | ", "; ", " & ", "\n", " "];
const PIECES = ["'", '"', "\\", "$", "`", "(", ")", "{", "}", "$(", "<<", "#", "*", "?", "[", "~", "!", "=", "-", " "];

function randomLine(rand: (n: number) => number): string {
  let line = "";
  for (let n = 1 + rand(8); n > 0; n--) {
    line += WORDS[rand(WORDS.length)];
    line += rand(3) === 0 ? OPS[rand(OPS.length)] : " ";
  }
  return line.trim();
}

function mutate(rand: (n: number) => number, s: string): string {
  const at = rand(s.length + 1);
  switch (rand(5)) {
    case 0:
      return s.slice(0, at) + (PIECES[rand(PIECES.length)] ?? "") + s.slice(at);
    case 1:
      return s.slice(0, at) + s.slice(at + 1 + rand(6));
    case 2:
      return `${s.slice(0, at)} ${WORDS[rand(WORDS.length)]} ${s.slice(at)}`;
    case 3:
      return `${lines[rand(lines.length)]}${OPS[rand(OPS.length)]}${s}`;
    default:
      return s.toUpperCase();
  }
}

describe("prefilter", () => {
  it.each([
    ["git status && ls -la", []],
    ["make build; git log --oneline -5", []],
    ["npm test", ["publish"]],
    ["kubectl get pods", ["infra"]],
    ["KUBECTL version", ["infra"]],
    // Any mention counts, inside a word too ("terraform" holds the aws gate's "rm"): never a match missed.
    ["terraform plan", ["infra", "aws"]],
    ["ls src", []],
    ["cat list | sh", "all"],
    ["sudo ls", []],
    ["for f in a b; do echo x; done", "all"],
    ['git commit -m "wip"', "all"],
    ["pwsh -EncodedCommand bgBwAG0AIABwAHUAYgBsAGkAcwBoAA==", "all"],
    // Package runners only run words written in the line.
    ["npx -y npm@10 publish", ["publish", "cargo-publish"]],
    ["corepack pnpm@9 install", ["publish"]],
    ["pnpm prisma migrate status", ["publish", "db-reset"]],
  ])("%j → analysed for %j", (line, expected) => {
    const names = gatesToCheck(line, TEN).map((g) => g.name);
    expect(expected === "all" ? names.length : names).toEqual(expected === "all" ? TEN.length : expected);
  });

  it.each([
    ["Set-Location src; ls", []],
    ["Write-Output hello", []],
    ["npm test", ["publish"]],
    ["Get-Content release.txt | Invoke-Expression", "all"],
    ["Get-Content release.txt | iex", "all"],
    ["saps pwsh", "all"],
    ["npm @a", "all"],
    ["1..3 | ForEach-Object -Process x", "all"],
  ])("PowerShell %j → analysed for %j", (line, expected) => {
    const names = gatesToCheck(line, TEN, "powershell").map((g) => g.name);
    expect(expected === "all" ? names.length : names).toEqual(expected === "all" ? TEN.length : expected);
  });

  it("skips no gate in the PowerShell lines, or in lines read with the config's wrappers, that would find something", () => {
    let skipped = 0;
    for (const line of powershellLines) skipped += expectNoSkippedFinding(line, TEN, { dialect: "powershell" });
    for (const line of lines) skipped += expectNoSkippedFinding(line, TEN, { wrappers: WRAPPERS });
    expect(skipped).toBeGreaterThan(100);
  });

  it("skips no gate in the corpora that would find something", () => {
    let skipped = 0;
    for (const line of lines) skipped += expectNoSkippedFinding(line, TEN);
    expect(skipped).toBeGreaterThan(100);
  });

  it("skips no gate that would find something, on random and mutated lines", () => {
    const rand = prng(2525);
    let skipped = 0;
    for (let i = 0; i < 4000; i++) {
      const line = i % 2 === 0 ? randomLine(rand) : mutate(rand, lines[rand(lines.length)] ?? "");
      skipped += expectNoSkippedFinding(line, TEN, i % 3 === 0 ? { wrappers: WRAPPERS } : {});
    }
    // The property is not vacuous: many gates were skipped.
    expect(skipped).toBeGreaterThan(5000);
  }, 120_000);

  it("skips no gate that would find something, on random and mutated PowerShell lines", () => {
    const rand = prng(3131);
    let skipped = 0;
    for (let i = 0; i < 1500; i++) {
      const base = i % 2 === 0 ? randomLine(rand) : (powershellLines[rand(powershellLines.length)] ?? "");
      const line = mutate(rand, `${PS_WORDS[rand(PS_WORDS.length)]}${OPS[rand(OPS.length)]}${base}`);
      skipped += expectNoSkippedFinding(line, TEN, { dialect: "powershell" });
    }
    expect(skipped).toBeGreaterThan(1000);
  }, 120_000);
});
