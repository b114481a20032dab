// plan-export in Copilot CLI: no plan route (README, "Copilot CLI"), so every event Copilot sends, in
// either format, must pass silently: nothing written, nothing said, never an error.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, gitRepo, hookEnv, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const fixtures = (format: string) =>
  readdirSync(new URL(`../../copilot/test/fixtures/${format}`, import.meta.url)).filter((f) => f.endsWith(".json"));

describe.each([
  { way: "copilot hook file", bundle: "copilot", format: "copilot-format" },
  { way: "claude plugin", bundle: "claude", format: "claude-format" },
] as const)("plan-export in copilot, $way", ({ bundle, format }) => {
  it.each(fixtures(format))("%s passes silently", async (name) => {
    const repo = gitRepo();
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    const payload = hookPayload("copilot", `${format}/${name}`, { cwd: repo.dir, sessionId: "s" });
    const event = format === "copilot-format" ? [name.split("-")[0]?.replace(/\.json$/, "") ?? ""] : [];
    const answer = await runBundle(bundlePath("plan-export", bundle), JSON.stringify(payload), {
      args: event,
      env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG, HOME: tempDir("home-") },
    });
    expect([answer.exitCode, answer.stdout]).toEqual([0, ""]);
    expect(existsSync(join(repo.dir, "docs")), "an export was written").toBe(false);
  });
});
