// branch-drift in Copilot CLI: its edits name the file in `path` (also in the Claude format Copilot sends),
// and the note must come back flat, before the edit, from its own hook file and from the Claude plugin.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

describe.each([
  { way: "copilot hook file", bundle: "copilot", edit: "copilot-format/preToolUse-edit.json", args: ["preToolUse"] },
  { way: "claude plugin", bundle: "claude", edit: "claude-format/PreToolUse-Edit.json", args: [] },
] as const)("branch-drift in copilot, $way", ({ bundle, edit, args }) => {
  it("learns silently, then tells the model before the next edit that the checkout moved", async () => {
    const repo = gitRepo();
    repo.write("README.md", "hi\n");
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const fire = () =>
      runBundle(
        bundlePath("branch-drift", bundle),
        JSON.stringify(hookPayload("copilot", edit, { cwd: repo.dir, sessionId: "s" })),
        { args: [...args], env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } },
      );
    expect(await fire()).toMatchObject({ exitCode: 0, stdout: "" });
    repo.git("switch", "-q", "-c", "other");
    const told = await fire();
    expect(told.exitCode).toBe(0);
    expect(told.json?.additionalContext).toMatch(/^drift: this checkout MOVED/);
    expect(told.json?.hookSpecificOutput).toBeUndefined();
  });
});
