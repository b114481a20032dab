// The merge gate's part of the demo: the same commands, as each CLI would send them.
import { CLI_NAMES, runHook } from "@hookrail/core";
import { describeAnswer } from "../describe-answer.ts";
import { adapters, guardrails } from "../registry.ts";
import { shellCall } from "../samples.ts";
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
    const registered = guardrails["merge-gate"];
    if (!registered) return;
    for (const command of COMMANDS) {
      const verdicts: string[] = [];
      let reason = "";
      for (const cli of CLI_NAMES) {
        const payload = shellCall(cli, command, { cwd: repo.dir, sessionId: "demo-session" });
        const answer = await runHook({ guardrail: registered.guardrail, adapter: adapters[cli], stdin: JSON.stringify(payload), env });
        const outcome = describeAnswer(cli, answer);
        verdicts.push(`${cli} ${outcome.verdict}`);
        reason ||= outcome.reason ?? "";
      }
      print(`$ ${command}`);
      print(`  ${verdicts.join(" · ")}`);
      if (reason) print(`  why: ${reason.split("\n")[0]}`);
    }
  },
};
