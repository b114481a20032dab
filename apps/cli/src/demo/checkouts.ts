// worktree-check and branch-drift in the demo: a session starts, another process switches the branch,
// and the session's next edit is told.
import { CLI_NAMES } from "@hookrail/core";
import { guardrails } from "../registry.ts";
import { fileEdit, sessionStart } from "../samples.ts";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

export const worktreeCheckDemo: DemoSection = {
  title: "worktree check: one session per CLI starts in this checkout (each later one sees the earlier ones live)",
  async run({ repo, env, print }) {
    for (const cli of CLI_NAMES) {
      const outcome = await sendEvent(
        "worktree-check",
        cli,
        sessionStart(cli, { cwd: repo.dir, sessionId: `start-${cli}` }),
        env,
      );
      const verdict = outcome.note?.split("\n").find((line) => /^(you can work|open a separate)/.test(line));
      print(
        `${cli}: the model is told ${outcome.note ? `${outcome.note.split("\n").length} lines` : "nothing"}; verdict: ${verdict ?? "(none)"}`,
      );
      if (outcome.userMessage) print(`  the user sees: ${firstLine(outcome.userMessage)}`);
    }
  },
};

export const branchDriftDemo: DemoSection = {
  title: "branch drift: before a file edit, after another process switched the branch",
  async run({ repo, env, print }) {
    for (const cli of CLI_NAMES) {
      const unsupported = guardrails["branch-drift"]?.manifest.unsupported?.[cli];
      if (unsupported) {
        print(`${cli}: not supported: ${unsupported}`);
        continue;
      }
      const context = { cwd: repo.dir, sessionId: `drift-${cli}` };
      repo.git("checkout", "-q", "feature/login");
      await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context), env);
      repo.git("checkout", "-q", "-B", `other-session-${cli}`);
      const before = await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context), env);
      const after = await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context, true), env);
      const where = before.note ? "before the edit" : after.note ? "with the edit's result (AfterTool)" : "nowhere";
      print(`${cli}: note delivered ${where}: ${firstLine(before.note ?? after.note)}`);
    }
    repo.git("checkout", "-q", "feature/login");
  },
};
