// The merge gate's part of the demo: the same commands, as each CLI would send them.
import { CLI_NAMES } from "@hookrail/core";
import { shellCall } from "../samples.ts";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

const COMMANDS = [
  "gh pr merge 12 --squash",
  "MERGE_APPROVED=1 gh pr merge 12 --squash",
  "gh api repos/acme/app/pulls/12/merge -X PUT",
  "git push origin HEAD:main",
  "git push origin feature/login",
  'git commit -m "explain gh pr merge in the docs"',
  "bash -c 'gh pr merge 12'",
];

export const mergeGateDemo: DemoSection = {
  title: "merge gate: before a shell command (protected branches: main, master)",
  async run({ repo, env, print }) {
    for (const command of COMMANDS) {
      const verdicts: string[] = [];
      let reason = "";
      for (const cli of CLI_NAMES) {
        const payload = shellCall(cli, command, { cwd: repo.dir, sessionId: "demo" });
        const outcome = await sendEvent("merge-gate", cli, payload, env);
        verdicts.push(`${cli} ${outcome.verdict}`);
        reason ||= outcome.reason ?? "";
      }
      print(`$ ${command}`);
      print(`  ${verdicts.join(" · ")}`);
      if (reason) print(`  why: ${firstLine(reason)}`);
    }
  },
};
