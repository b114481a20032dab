// plan-export in Copilot CLI: outside plan mode every event Copilot sends, in either format, passes
// silently (nothing written, nothing said, never an error); in its plan mode the session's plan.md is
// exported once the exit_plan_mode dialog is answered (README, "Copilot CLI").
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

describe("plan-export in copilot's plan mode (its own hook file)", () => {
  const plan = "# Login fix\n\n1. fix login\n2. add test\n";
  const run = async (answer: string) => {
    const repo = gitRepo();
    const home = tempDir("copilot-home-");
    const { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG } = hookEnv();
    mkdirSync(join(home, "session-state", "s"), { recursive: true });
    writeFileSync(join(home, "session-state", "s", "plan.md"), plan);
    const fire = (name: string, event: string) =>
      runBundle(
        bundlePath("plan-export", "copilot"),
        JSON.stringify(hookPayload("copilot", `copilot-format/plan/${name}`, { cwd: repo.dir, sessionId: "s" })),
        { args: [event], env: { HOOKRAIL_STATE_DIR, HOOKRAIL_CONFIG, HOME: home, COPILOT_HOME: home } },
      );
    const answers = [
      await fire("preToolUse-exit_plan_mode.json", "preToolUse"),
      await fire(`postToolUse-exit_plan_mode.${answer}.json`, "postToolUse"),
    ];
    expect(answers.map((a) => a.exitCode)).toEqual([0, 0]);
    const exported = (dir: string) => {
      const folder = join(repo.dir, "docs", "plans", dir);
      return existsSync(folder) ? readdirSync(folder).map((f) => readFileSync(join(folder, f), "utf8")) : [];
    };
    return { accepted: exported("accepted"), rejected: exported("rejected") };
  };

  it.each([
    ["approved", "accepted"],
    ["approved-exit", "accepted"],
    ["feedback", "rejected"],
  ] as const)("%s: the session's plan.md lands in docs/plans/%s", async (answer, outcome) => {
    const found = await run(answer);
    expect(found[outcome].length).toBe(1);
    expect(found[outcome][0]).toContain("1. fix login");
    expect(found[outcome === "accepted" ? "rejected" : "accepted"]).toEqual([]);
    if (answer === "feedback") expect(found.rejected[0]).toContain("use sessions");
  });
});
