// worktree-check and branch-drift in the demo: a session starts, another process switches the branch,
// and the session's next edit is told.
import { CLIS } from "@hookrail/clis";
import { CLI_NAMES } from "@hookrail/core";
import { guardrails, refusal } from "../registry.ts";
import { fileEdit, sessionStart } from "../samples.ts";
import { firstLine, indented, inWords, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

const SESSIONS_LINE = "- other live sessions in this checkout: ";

/** A session-start note with who else is live taken out: what two sessions' notes share when only that differs. */
const withoutOthers = (note: string) =>
  note
    .split("\n")
    .filter((line) => !line.startsWith(SESSIONS_LINE))
    .join("\n")
    .replace(/\b\d+ other live sessions? works?\b/g, "N other live sessions work");

/** The ids a note lists in its other live sessions. */
const otherIds = (note: string) => {
  const line = note.split("\n").find((l) => l.startsWith(SESSIONS_LINE)) ?? "";
  return [...line.matchAll(/session (\S+) \(/g)].map((m) => m[1]);
};

export const worktreeCheckDemo: DemoSection = {
  title: `worktree check: ${inWords(CLI_NAMES.length)} sessions start in this checkout, one per CLI, each seeing the earlier ones`,
  async run({ repo, env, print }) {
    let first: string[] | undefined;
    // The first session told of others: later ones that differ from it only in who is live say so in one line.
    let shared: { cli: string; note: string; userMessage?: string } | undefined;
    for (const cli of CLI_NAMES) {
      const found = guardrails["worktree-check"];
      const unsupported = found && refusal(found.manifest, cli);
      if (unsupported) {
        print(`${cli}: not supported: ${unsupported}`);
        continue;
      }
      const outcome = await sendEvent(
        "worktree-check",
        cli,
        sessionStart(cli, { cwd: repo.dir, sessionId: `start-${cli}` }),
        env,
      );
      const note = outcome.note ?? "";
      const lines = note.split("\n");
      const user = outcome.userMessage
        ? `the user sees: ${firstLine(outcome.userMessage)}`
        : `the user sees nothing: ${CLIS[cli].title} shows the user no message from a session-start hook`;
      const ids = otherIds(note);
      if (!note) print(`${cli}: the model is told nothing`);
      else if (!first) print(`${cli}: the model is told:\n${indented(note)}`);
      else if (shared && withoutOthers(note) === withoutOthers(shared.note)) {
        const same = outcome.userMessage === shared.userMessage ? "; the user sees the same" : `; ${user}`;
        const others = `${ids.length} other live session${ids.length === 1 ? "" : "s"}`;
        print(`${cli}: the model is told what ${shared.cli} was, with ${others} (${ids.join(", ")})${same}`);
        continue;
      } else {
        const changed = lines.filter((line) => !first?.includes(line));
        print(`${cli}: the model is told the same, except:\n${indented(changed.join("\n") || "(nothing)")}`);
        if (ids.length) shared ??= { cli, note, userMessage: outcome.userMessage };
      }
      if (note) first ??= lines;
      print(`  ${user}`);
    }
  },
};

export const branchDriftDemo: DemoSection = {
  title: "branch drift: before a file edit, after another process switched the branch",
  async run({ repo, env, print }) {
    let first: string | undefined;
    for (const cli of CLI_NAMES) {
      const found = guardrails["branch-drift"];
      const unsupported = found && refusal(found.manifest, cli);
      if (unsupported) {
        print(`${cli}: not supported: ${unsupported}`);
        continue;
      }
      const context = { cwd: repo.dir, sessionId: `drift-${cli}` };
      repo.git("checkout", "-q", "feature/login");
      await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context), env);
      repo.git("checkout", "-q", "-B", "other-session");
      const before = await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context), env);
      const after = await sendEvent("branch-drift", cli, fileEdit(cli, "login.ts", context, true), env);
      const where = before.note ? "before the edit" : after.note ? "with the edit's result (AfterTool)" : "nowhere";
      const note = before.note ?? after.note;
      if (!first) print(`${cli}: the model is told, ${where}:\n${indented(note)}`);
      else if (note === first) print(`${cli}: the same note, ${where}`);
      else print(`${cli}: the model is told, ${where}: ${firstLine(note)} …`);
      first ??= note;
    }
    repo.git("checkout", "-q", "feature/login");
  },
};
