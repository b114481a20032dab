// A shell-command guardrail's part of the demo: each command as every CLI sends it, the verdicts in one line,
// and the first line of the reason.
import { CLI_NAMES } from "@hookrail/core";
import { shellCall } from "../samples.ts";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

export async function showShellVerdicts(
  guardrail: string,
  commands: readonly string[],
  { repo, env, print }: Parameters<DemoSection["run"]>[0],
): Promise<void> {
  for (const command of commands) {
    const verdicts: string[] = [];
    let reason = "";
    for (const cli of CLI_NAMES) {
      const outcome = await sendEvent(
        guardrail,
        cli,
        shellCall(cli, command, { cwd: repo.dir, sessionId: "demo" }),
        env,
      );
      verdicts.push(`${cli} ${outcome.verdict}`);
      reason ||= outcome.reason ?? "";
    }
    print(`$ ${command}`);
    print(`  ${verdicts.join(" · ")}`);
    if (reason) print(`  why: ${firstLine(reason)}`);
  }
}
