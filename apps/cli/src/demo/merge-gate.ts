// The merge gate's part of the demo: the same commands, as each CLI would send them.
import type { DemoSection } from "./section.ts";
import { showShellVerdicts } from "./shell-verdicts.ts";

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
  run: (context) => showShellVerdicts("merge-gate", COMMANDS, context),
};
