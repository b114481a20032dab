// Approval modes through the shipped bundles, as each CLI runs them: the user's prompt event, then tool
// calls, with one HOME (config and state) across the calls.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

type Cli = "claude" | "gemini" | "codex";
const CLIS: Cli[] = ["claude", "gemini", "codex"];

function world(approval: string) {
  const home = tempDir();
  mkdirSync(join(home, "config", "hookrail"), { recursive: true });
  writeFileSync(join(home, "config", "hookrail", "config.json"), JSON.stringify({ "merge-gate": { approval } }));
  return { HOME: home, XDG_CONFIG_HOME: join(home, "config"), PATH: process.env.PATH ?? "" };
}

const common = (session: string, cwd: string) => ({ session_id: session, transcript_path: "/t.jsonl", cwd });

function promptPayload(cli: Cli, session: string, prompt: string, cwd: string) {
  return { ...common(session, cwd), hook_event_name: cli === "gemini" ? "BeforeAgent" : "UserPromptSubmit", prompt };
}

function shellPayload(cli: Cli, session: string, command: string, cwd: string) {
  const [event, tool] = cli === "gemini" ? ["BeforeTool", "run_shell_command"] : ["PreToolUse", "Bash"];
  return { ...common(session, cwd), hook_event_name: event, tool_name: tool, tool_input: { command } };
}

describe.each(CLIS)("approval mode user, %s bundle", (cli) => {
  const file = bundlePath("merge-gate", cli);

  it("the marker counts once, in the same session, only after the user's latest prompt approved that merge", async () => {
    const env = world("user");
    const cwd = tempDir();
    const prompt = (session: string, text: string) =>
      runBundle(file, JSON.stringify(promptPayload(cli, session, text, cwd)), { env });
    const runs = async (session: string, command: string) =>
      cliRunsTool(cli, await runBundle(file, JSON.stringify(shellPayload(cli, session, command, cwd)), { env }));
    const merge12 = "MERGE_APPROVED=1 gh pr merge 12 --squash";

    expect(await runs("s1", merge12)).toBe(false);
    const recorded = await prompt("s1", "Thanks for the review.\napprove merge 12");
    expect(recorded.exitCode).toBe(0);
    expect(cliRunsTool(cli, recorded)).toBe(true);
    expect(await runs("s2", merge12)).toBe(false);
    expect(await runs("s1", "MERGE_APPROVED=1 gh pr merge 13")).toBe(false);
    expect(await runs("s1", "gh pr merge 12")).toBe(false);
    expect(await runs("s1", merge12)).toBe(true);
    expect(await runs("s1", merge12)).toBe(false);

    // Only the latest prompt counts.
    await prompt("s1", "approve merge 12");
    await prompt("s1", "now fix the tests");
    expect(await runs("s1", merge12)).toBe(false);
    // An approval inside the agent's own command is not a prompt.
    expect(await runs("s1", "echo 'approve merge 12'")).toBe(true);
    expect(await runs("s1", merge12)).toBe(false);
  });

  it("leaves prompts alone in the default mode", async () => {
    const env = world("marker");
    const result = await runBundle(file, JSON.stringify(promptPayload(cli, "s", "approve merge 12", tempDir())), {
      env,
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
  });
});

describe.each(CLIS)("approval mode ask, %s bundle", (cli) => {
  const file = bundlePath("merge-gate", cli);

  it("asks where the CLI can ask, and keeps the marker rules where it cannot", async () => {
    const env = world("ask");
    const cwd = tempDir();
    const answer = (command: string) => runBundle(file, JSON.stringify(shellPayload(cli, "s", command, cwd)), { env });
    const bare = await answer("gh pr merge 12");
    const marked = await answer("MERGE_APPROVED=1 gh pr merge 12");
    expect(cliRunsTool(cli, bare)).toBe(false);
    if (cli === "claude") {
      for (const r of [bare, marked]) {
        expect(r.json).toMatchObject({ hookSpecificOutput: { permissionDecision: "ask" } });
      }
    } else {
      expect(bare.stdout).toContain("MERGE_APPROVED=1 gh pr merge 12");
      expect(cliRunsTool(cli, marked)).toBe(true);
    }
    expect(cliRunsTool(cli, await answer("git status"))).toBe(true);
  });
});
