// A shell-command guardrail's part of the demo: each command as every CLI sends it, the CLIs grouped by verdict,
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
    const byVerdict = new Map<string, string[]>();
    let reason = "";
    for (const cli of CLI_NAMES) {
      const outcome = await sendEvent(
        guardrail,
        cli,
        shellCall(cli, command, { cwd: repo.dir, sessionId: "demo" }),
        env,
      );
      byVerdict.set(outcome.verdict, [...(byVerdict.get(outcome.verdict) ?? []), cli]);
      reason ||= outcome.reason ?? "";
    }
    print(`$ ${command}`);
    print(`  ${verdictsText(byVerdict)}`);
    if (reason) print(`  why: ${firstLine(reason)}`);
  }
}

/** "blocked in all 13 CLIs", or each verdict with its CLIs: "blocked: claude, gemini; allowed: cursor". */
export function verdictsText(byVerdict: ReadonlyMap<string, readonly string[]>): string {
  const [only] = byVerdict.keys();
  if (byVerdict.size === 1 && only) return `${only} in all ${CLI_NAMES.length} CLIs`;
  return [...byVerdict].map(([verdict, clis]) => `${verdict}: ${clis.join(", ")}`).join("; ");
}
