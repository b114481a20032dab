// branch-drift in Cursor, run as its shipped hooks.json runs it (preToolUse and postToolUse, matched to the shell
// and file tools), on Cursor's payloads as published (packages/cursor/test/fixtures). preToolUse has no field for
// the model beside a deny, so a move is told with the same call's postToolUse, once.
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

describe("branch-drift bundle for cursor", () => {
  it("tells a move with the edit's postToolUse, and answers every call in Cursor's schema", async () => {
    const repo = gitRepo();
    repo.git("checkout", "-q", "-b", "feature");
    const env = hookEnv();
    const target = { cwd: repo.dir, sessionId: "s" };
    const edit = { tool_name: "Write", tool_input: { file_path: `${repo.dir}/a.txt` } };
    const fire = async (fixture: string) => {
      const payload = hookPayload("cursor", fixture, target, { ...edit, tool_use_id: "call-1" });
      const answer = await runBundle(bundlePath("branch-drift", "cursor"), JSON.stringify(payload), {
        env,
        cwd: repo.dir,
      });
      expect(answer.exitCode).toBe(0);
      return answer.json;
    };
    expect(await fire("preToolUse.Shell.json")).toEqual({ permission: "allow" });
    expect(await fire("postToolUse.Shell.json")).toEqual({});
    repo.git("checkout", "-q", "-b", "other-session");
    expect(await fire("preToolUse.Shell.json")).toEqual({ permission: "allow" });
    expect(await fire("postToolUse.Shell.json")).toEqual({
      additional_context: expect.stringMatching(
        /^drift: this checkout MOVED since the session was last told what it is/,
      ),
    });
    expect(await fire("postToolUse.Shell.json")).toEqual({});
  });
});
