import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cliRunsTool } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { clineAdapter, clineRefusal } from "../src/index.ts";

const dir = fileURLToPath(new URL("./fixtures", import.meta.url));
const event = (name: string) => clineAdapter.parse(JSON.parse(readFileSync(`${dir}/${name}`, "utf8")));
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe("cline answers", () => {
  it("refuses a command by replacing it with one that prints the reason and fails, and tells the model why", () => {
    const answer = clineAdapter.render(
      { type: "deny", reason: "merge-gate: no." },
      event("PreToolUse.run_commands.json"),
    );
    expect(answer.exitCode).toBe(0);
    const body = json(answer.stdout);
    expect(body.contextModification).toBe("merge-gate: no.");
    expect(body.cancel).toBeUndefined();
    expect(cliRunsTool("cline", answer)).toBe(false);
    const [script] = (body.overrideInput as { commands: string[] }).commands;
    // The replacement really prints the reason on stderr and fails.
    const run = (() => {
      try {
        execFileSync("bash", ["-c", script as string], { stdio: "pipe" });
        return { status: 0, stderr: "" };
      } catch (e) {
        const err = e as { status: number; stderr: Buffer };
        return { status: err.status, stderr: err.stderr.toString() };
      }
    })();
    expect(run).toEqual({ status: 1, stderr: "merge-gate: no.\n" });
  });

  it("names the call in the replacement, so refusals in a row never look like one looping call", () => {
    const a = clineRefusal("run_commands", "call_t0_0", "no");
    const b = clineRefusal("run_commands", "call_t1_0", "no");
    expect(a.overrideInput).not.toEqual(b.overrideInput);
  });

  it("quotes a reason with quotes and newlines so the shell reads it back whole", () => {
    const reason = "it's `x` $(y)\nsecond line";
    const input = clineRefusal("run_commands", "id'1", reason).overrideInput;
    const [script] = input && "commands" in input ? input.commands : [];
    let stderr = "";
    try {
      execFileSync("bash", ["-c", script as string], { stdio: "pipe" });
    } catch (e) {
      stderr = (e as { stderr: Buffer }).stderr.toString();
    }
    expect(stderr).toBe(`${reason}\n`);
  });

  it("refuses an edit by replacing its input with an empty path, which the editor rejects, and tells the model why", () => {
    const answer = clineAdapter.render({ type: "deny", reason: "no edits there" }, event("PreToolUse.editor.json"));
    expect(json(answer.stdout)).toEqual({
      overrideInput: { path: "", new_text: "refused by hookrail: call_t2_0" },
      contextModification: "no edits there",
    });
    expect(cliRunsTool("cline", answer)).toBe(false);
  });

  it("stops an MCP tool with cancel: any input given in its place would still reach its server", () => {
    const answer = clineAdapter.render({ type: "deny", reason: "no merge" }, event("PreToolUse.mcp.json"));
    expect(json(answer.stdout)).toEqual({ cancel: true, errorMessage: "no merge" });
    expect(cliRunsTool("cline", answer)).toBe(false);
  });

  it("answers {} to an allow and to a message for the user alone, and lets the call run", () => {
    const pre = event("PreToolUse.run_commands.json");
    for (const decision of [{ type: "allow" } as const, { type: "message", userMessage: "hi" } as const]) {
      const answer = clineAdapter.render(decision, pre);
      expect(answer.stdout).toBe("{}\n");
      expect(cliRunsTool("cline", answer)).toBe(true);
    }
  });

  it("carries a note to the model as contextModification on tool events, and not at TaskStart", () => {
    const note = { type: "note", context: "on branch main", userMessage: "u" } as const;
    expect(json(clineAdapter.render(note, event("PostToolUse.run_commands.json")).stdout)).toEqual({
      contextModification: "on branch main",
    });
    expect(json(clineAdapter.render(note, event("TaskStart.json")).stdout)).toEqual({});
    expect(clineAdapter.notesReachModel("after-tool")).toBe(true);
    expect(clineAdapter.notesReachModel("session-start")).toBe(false);
  });

  it("asks nobody: an ask falls back to its fallback, else refuses", () => {
    const pre = event("PreToolUse.run_commands.json");
    expect(clineAdapter.render({ type: "ask", reason: "sure?" }, pre).stdout).toContain("overrideInput");
  });

  it("blocks an unreadable event with cancel (exit codes are never read)", () => {
    const answer = clineAdapter.block("unreadable");
    // hookrailRefuse: the dispatcher, which has the call, refuses it without ending the run.
    expect(json(answer.stdout)).toEqual({ cancel: true, errorMessage: "unreadable", hookrailRefuse: true });
    expect(cliRunsTool("cline", answer)).toBe(false);
  });
});
