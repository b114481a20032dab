// `hookrail demo`: every guardrail on a throwaway repository with sample events for each CLI.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliLabel, DOCUMENTED_ONLY } from "@hookrail/clis";
import { CLI_NAMES } from "@hookrail/core";
import { lineWidth, wrapText } from "../cli/wrap.ts";
import { branchDriftDemo, worktreeCheckDemo } from "../demo/checkouts.ts";
import { commandGatesDemo } from "../demo/command-gates.ts";
import { mergeGateDemo } from "../demo/merge-gate.ts";
import { planExportDemo } from "../demo/plan-export.ts";
import { createDemoRepo } from "../demo/repo.ts";
import type { DemoSection } from "../demo/section.ts";
import type { CommandIO } from "../io.ts";
import { selfCommand } from "../self-command.ts";

const sections: DemoSection[] = [mergeGateDemo, commandGatesDemo, worktreeCheckDemo, branchDriftDemo, planExportDemo];

export async function demoCommand(io: CommandIO): Promise<number> {
  const repo = createDemoRepo();
  // The demo's own config and state folders, so the user's real ones are neither read nor written.
  const home = mkdtempSync(join(tmpdir(), "hookrail-demo-home-"));
  const env = { ...io.env, HOME: home, XDG_CONFIG_HOME: join(home, "config"), HOOKRAIL_STATE_DIR: join(home, "state") };
  const width = lineWidth(io);
  const print = (text: string) => io.stdout.write(`${wrapText(text, width)}\n`);
  try {
    print(`hookrail demo — a throwaway repository at ${repo.dir}`);
    print(`branches: main (protected), feature/login (checked out)\n`);
    for (const section of sections) {
      print(`── ${section.title}`);
      await section.run({ repo, env, print });
      print("");
    }
    print(
      "Each answer above is what the hook installed for that CLI answers, put in words: the same guardrail and adapter code, run on a sample of that CLI's event.",
    );
    const documented = CLI_NAMES.filter((cli) => cliLabel(cli) === DOCUMENTED_ONLY);
    if (documented.length) print(`(${documented.join(", ")}: ${DOCUMENTED_ONLY})`);
    const hookrail = selfCommand(io.cwd);
    print("Try your own:");
    print(`  ${hookrail} try merge-gate --cli claude -- 'gh pr merge 12'`);
    print(`  ${hookrail} try worktree-check --cli gemini`);
    print(`  ${hookrail} explain merge-gate -- 'git checkout main && git push'`);
    print(`and see what the guardrails did in your own sessions: ${hookrail} log`);
    return 0;
  } finally {
    repo.remove();
    rmSync(home, { recursive: true, force: true });
  }
}
