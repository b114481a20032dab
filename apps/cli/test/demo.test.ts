// `hookrail demo` as a new user reads it: every CLI's answers, within 100 columns, and commands that run here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { CLIS } from "@hookrail/clis";
import { CLI_NAMES } from "@hookrail/core";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { wrapLine } from "../src/cli/wrap.ts";
import { inWords } from "../src/demo/run-event.ts";
import { main } from "../src/main.ts";
import { findGuardrail, refusal } from "../src/registry.ts";
import { selfCommand } from "../src/self-command.ts";

describe("hookrail demo", () => {
  let stdout = "";
  // One run for every test here (a demo sends some hundred events): its own HOME, removed after.
  beforeAll(async () => {
    const home = mkdtempSync(join(tmpdir(), "hookrail-demo-test-"));
    let stderr = "";
    const code = await main(["demo"], {
      stdin: Readable.from([]),
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      env: { PATH: process.env.PATH, HOME: home },
      cwd: repoRoot,
    });
    rmSync(home, { recursive: true, force: true });
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });

  /** The demo's block for one CLI in a section: its first line and the lines continuing it. */
  const block = (section: string, cli: string) => {
    const part = stdout.slice(stdout.indexOf(`── ${section}`)).split("\n\n")[0] ?? "";
    return new RegExp(`^${cli}[ :(].*(\\n {2,}.*)*`, "m").exec(part)?.[0] ?? "";
  };

  it("keeps every line within 100 columns, but a word longer than that (a deep temporary folder) whole", () => {
    const long = stdout.split("\n").filter((line) => line.length > 100 && /\S\s+\S/.test(line.trim()));
    expect(long).toEqual([]);
  });

  it("groups the CLIs by verdict for each command", () => {
    const all = (verdict: string) => `${verdict} in all ${CLI_NAMES.length} CLIs`;
    expect(stdout).toContain(`$ gh pr merge 12 --squash\n  ${all("blocked")}\n`);
    expect(stdout).toContain(`$ MERGE_APPROVED=1 gh pr merge 12 --squash\n  ${all("allowed")}\n`);
    expect(stdout).toContain(`$ sh -c 'cd infra && terraform apply'\n  ${all("blocked")}\n`);
    expect(stdout).toContain(`$ npm run publish\n  ${all("allowed")}\n`);
  });

  it("starts a session per CLI: the first note in full, other sessions by distinct ids, counted in agreeing words", () => {
    expect(stdout).toContain(`worktree check: ${inWords(CLI_NAMES.length)} sessions start in this checkout`);
    expect(stdout).toMatch(/claude: the model is told:\n {4}worktree-check: the checkout this session works in\n/);
    expect(stdout).toMatch(/\n {4}you can work in this directory: /);
    expect(stdout).toContain("open a separate worktree first: 1 other live session works in this checkout.");
    expect(stdout).not.toContain("session(s)");
    const lists = [...stdout.matchAll(/with \d+ other live sessions \(([^)]+)\)/g)].map((m) =>
      (m[1] ?? "").split(/,\s+/),
    );
    expect(lists.length).toBeGreaterThan(5);
    for (const ids of lists) expect(new Set(ids).size).toBe(ids.length);
  });

  it("says for each CLI what its user sees of the session start, or why nothing", () => {
    for (const cli of CLI_NAMES) {
      const text = block("worktree check", cli);
      const refused = refusal(findGuardrail("worktree-check").manifest, cli);
      if (refused) expect(text.replace(/\s+/g, " ")).toBe(`${cli}: not supported: ${refused}`);
      else
        expect(text.replace(/\s+/g, " ")).toMatch(
          new RegExp(`the user sees( the same|: | nothing: ${CLIS[cli].title} )`),
        );
    }
    expect(block("worktree check", "cursor").replace(/\s+/g, " ")).toContain(
      "the user sees nothing: Cursor shows the user no message from a session-start hook",
    );
  });

  it("shows a drifted edit in every CLI branch-drift runs in", () => {
    expect(stdout).toMatch(/claude: the model is told, before the edit:\n {4}drift: this checkout MOVED/);
    expect(stdout).toMatch(/\ngemini: the same note, with the edit's result \(AfterTool\)\n/);
  });

  it("exports a plan in every CLI plan-export runs in, and says why not in the others", () => {
    const why = (cli: string) => refusal(findGuardrail("plan-export").manifest, cli);
    const exported = CLI_NAMES.filter((cli) => !why(cli));
    for (const cli of CLI_NAMES) {
      const text = block("plan export", cli).replace(/\s+/g, " ");
      if (why(cli)) expect(text).toBe(`${cli}: not supported: ${why(cli)}`);
      else expect(text).toMatch(new RegExp(`^${cli} \\([^)]+\\): plan-export: saved the accepted plan to docs/plans/`));
    }
    expect(stdout.replace(/\s+/g, " ")).toContain(
      `/docs/plans/accepted now holds ${exported.length} plans, each named above`,
    );
  });

  it("ends with commands that run from here, and says what its answers are", () => {
    expect(stdout).toContain(
      "Each answer above is what the hook installed for that CLI answers, put in words: the same guardrail\n    and adapter code, run on a sample of that CLI's event.\n",
    );
    expect(stdout).toContain("\n  node apps/cli/dist/hookrail.mjs try merge-gate --cli claude -- 'gh pr merge 12'\n");
    expect(stdout).toMatch(/your own sessions: node apps\/cli\/dist\/hookrail\.mjs log\n$/);
  });
});

describe("how the demo names the command", () => {
  it("in a clone: its built file, relative from inside the clone, in full from elsewhere", () => {
    expect(selfCommand(repoRoot)).toBe("node apps/cli/dist/hookrail.mjs");
    expect(selfCommand(join(repoRoot, "apps/cli"))).toBe("node dist/hookrail.mjs");
    expect(selfCommand(tempDir())).toBe(`node ${join(repoRoot, "apps/cli/dist/hookrail.mjs")}`);
  });
});

describe("the demo's line wrapping", () => {
  it("breaks at spaces, continues 4 columns deeper, and keeps a word longer than the width whole", () => {
    expect(wrapLine("  why: one two three four", 14)).toEqual(["  why: one two", "      three", "      four"]);
    expect(wrapLine(`x ${"y".repeat(20)}`, 10)).toEqual(["x", `    ${"y".repeat(20)}`]);
    expect(wrapLine("short", 10)).toEqual(["short"]);
  });
});
