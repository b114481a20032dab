// A CLI's hook file in a project finds the project's copy of the guardrail at the repository's top level and runs it
// with the CLI's name; a copy anywhere else in between is not run. Without a usable copy it answers as the guardrail
// does when it cannot start, the reason inside that answer and its JSON intact.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { ERROR_MARKER } from "../src/loader.ts";
import { projectStubSource } from "../src/project-stub.ts";

const COPY = [".hookrail", "hooks", "merge-gate", "merge-gate.cjs"];

/** A stand-in for the copy: says which one ran and with which CLI. */
const copyNamed = (name: string) =>
  `module.exports = (cli) => process.stdout.write(JSON.stringify({ ran: ${JSON.stringify(name)}, cli }));\n`;

const ANSWER = {
  exitCode: 0,
  stdout: `{"decision":"deny","reason":"merge-gate: blocked because the hook could not start (${ERROR_MARKER})"}\n`,
  stderr: "",
};

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A project with the hook file at `.cli/hookrail/merge-gate/merge-gate.cjs`; what running it prints. */
function run(layout: { git?: boolean; copies?: Record<string, string> }): { stdout: string; status: number } {
  const project = tempDir("project-stub-");
  if (layout.git) mkdirSync(join(project, ".git"));
  const stub = join(project, ".cli", "hookrail", "merge-gate", "merge-gate.cjs");
  write(stub, projectStubSource({ guardrail: "merge-gate", cli: "codex", title: "Codex", answer: ANSWER }));
  for (const [at, text] of Object.entries(layout.copies ?? {})) write(join(project, at, ...COPY), text);
  try {
    return { stdout: execFileSync(process.execPath, [stub], { encoding: "utf8" }), status: 0 };
  } catch (error) {
    const e = error as { stdout: string; status: number };
    return { stdout: e.stdout, status: e.status };
  }
}

describe("a CLI's hook file in a project", () => {
  it.each([
    ["a repository: the copy at its top level", { git: true, copies: { ".": copyNamed("top") } }, "top"],
    [
      "a repository: the top level's copy, not one on the way up",
      { git: true, copies: { ".": copyNamed("top"), ".cli": copyNamed("decoy") } },
      "top",
    ],
    ["no repository: the nearest copy up", { copies: { ".": copyNamed("top"), ".cli": copyNamed("near") } }, "near"],
  ])("%s", (_, layout, ran) => {
    const out = run(layout);
    expect(JSON.parse(out.stdout)).toEqual({ ran, cli: "codex" });
  });

  it.each([
    ["none in the repository, one on the way up", { git: true, copies: { ".cli": copyNamed("decoy") } }, "is missing"],
    ["none at all", { git: true }, "is missing from this project, npx hookrail update puts it back"],
    ["one that is not a guardrail", { git: true, copies: { ".": "module.exports = 1;\n" } }, "is not a hookrail"],
    [
      "one that throws as it loads, with quotes and a backslash in its message",
      { git: true, copies: { ".": 'throw new Error("bad \\"quote\\" and \\\\ slash");\n' } },
      "could not be loaded (bad",
    ],
  ])("%s: the start-failure answer, with the reason", (_, layout, reason) => {
    const out = run(layout);
    expect(out.status).toBe(0);
    const answer = JSON.parse(out.stdout) as { decision: string; reason: string };
    expect(answer.decision).toBe("deny");
    expect(answer.reason).toContain(reason);
    expect(answer.reason).not.toContain(ERROR_MARKER);
  });
});
