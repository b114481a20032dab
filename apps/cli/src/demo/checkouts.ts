// worktree-check and branch-drift in the demo: a session starts, another process switches the branch,
// and the session's next edit is told.
import { CLI_NAMES } from "@hookrail/core";
import { guardrails } from "../registry.ts";
import { fileEdit, sessionStart } from "../samples.ts";
import { firstLine, indented, inWords, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

export const worktreeCheckDemo: DemoSection = {
  title: `worktree check: ${inWords(CLI_NAMES.length)} sessions start in this checkout, one per CLI (each later one sees the earlier ones live)`,
  async run({ repo, env, print }) {
    let first: string[] | undefined;
    for (const cli of CLI_NAMES) {
      const outcome = await sendEvent(
        "worktree-check",
        cli,
        sessionStart(cli, { cwd: repo.dir, sessionId: `start-${cli}` }),
        env,
      );
      const lines = outcome.note?.split("\n") ?? [];
      // The first session's note in full; for the later ones what differs from it.
      const changed = first ? lines.filter((line) => !first?.includes(line)) : lines;
      if (!outcome.note) print(`${cli}: the model is told nothing`);
      else if (!first) print(`${cli}: the model is told:\n${indented(outcome.note)}`);
      else print(`${cli}: the model is told the same, except:\n${indented(changed.join("\n") || "(nothing)")}`);
      first ??= lines;
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
      const note = before.note ?? after.note;
      if (cli === CLI_NAMES[0]) print(`${cli}: the model is told, ${where}:\n${indented(note)}`);
      else print(`${cli}: the model is told, ${where}: ${firstLine(note)} …`);
    }
    repo.git("checkout", "-q", "feature/login");
  },
};
