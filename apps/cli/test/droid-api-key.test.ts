// Droid hands every hook its whole environment, FACTORY_API_KEY included: no shipped Droid bundle may write
// the key anywhere, not in its answer, not in hookrail's debug log, also when the event cannot be read.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { guardrails } from "../src/registry.ts";

const KEY = "fk-live-0123456789abcdef-never-logged";

describe.each(Object.keys(guardrails))("%s for Droid", (guardrail) => {
  it.each([
    ["SessionStart.json", undefined],
    ["PreToolUse.Execute.json", undefined],
    ["PostToolUse.Edit.json", undefined],
    ["plan/PreToolUse.ExitSpecMode.json", undefined],
    ["an unreadable event", "{not json"],
  ])("%s: the key is in no answer and no log", async (name, raw) => {
    const repo = gitRepo();
    const home = tempDir("droid-home-");
    const log = join(home, "debug.log");
    const stdin = raw ?? JSON.stringify(hookPayload("droid", name, { cwd: repo.dir, sessionId: "s" }));
    const answer = await runBundle(bundlePath(guardrail, "droid"), stdin, {
      cwd: repo.dir,
      env: { HOME: home, FACTORY_API_KEY: KEY, HOOKRAIL_DEBUG_LOG: log, HOOKRAIL_STATE_DIR: join(home, "state") },
    });
    expect(answer.stdout + answer.stderr).not.toContain(KEY);
    expect(existsSync(log), "the debug log was written").toBe(true);
    expect(readFileSync(log, "utf8")).not.toContain(KEY);
  });
});
