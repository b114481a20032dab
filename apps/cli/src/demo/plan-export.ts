// plan-export in the demo: each CLI's plan mode approves a plan, as its real events say it (its package's sample
// planApproval); the plan lands in the project.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CLIS } from "@hookrail/clis";
import { CLI_NAMES, type CliName } from "@hookrail/core";
import type { PlanApprovalSample } from "@hookrail/core/samples";
import { guardrails, refusal } from "../registry.ts";
import { firstLine, sendEvent } from "./run-event.ts";
import type { DemoSection } from "./section.ts";

export const planExportDemo: DemoSection = {
  title: "plan export: a plan approved in each CLI's plan mode lands in the project",
  async run({ repo, env, print }) {
    const found = guardrails["plan-export"];
    for (const cli of CLI_NAMES) {
      const sample = CLIS[cli].samples.planApproval?.({ cwd: repo.dir, home: env.HOME ?? repo.dir });
      const unsupported = found && refusal(found.manifest, cli);
      if (unsupported) print(`${cli}: not supported: ${unsupported}`);
      else if (sample) print(`${cli} (${sample.choice}): ${firstLine(await approve(cli, sample, repo.dir, env))}`);
      else print(`${cli}: (its plan mode is not shown in the demo)`);
    }
    const folder = join(repo.dir, "docs", "plans", "accepted");
    const files = readdirSync(folder).length;
    print(`  ${folder} now holds ${files} plan${files === 1 ? "" : "s"}, each named above`);
  },
};

/** Writes the sample's files and sends its events in order: what the last answer tells, or the plan it saved. */
async function approve(
  cli: CliName,
  sample: PlanApprovalSample,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const accepted = join(cwd, "docs", "plans", "accepted");
  const before = new Set(existsSync(accepted) ? readdirSync(accepted) : []);
  const cliEnv = { ...env, ...sample.env };
  let told: string | undefined;
  for (const step of sample.steps) {
    if ("write" in step) {
      mkdirSync(dirname(step.write), { recursive: true });
      writeFileSync(step.write, step.content);
    } else {
      const answer = await sendEvent("plan-export", cli, step.payload, cliEnv, step.args);
      told = answer.note ?? answer.userMessage;
    }
  }
  if (told) return told;
  // A CLI that shows no hook's message to anyone (Kimi Code): what was saved is read from the project.
  const saved = existsSync(accepted) ? readdirSync(accepted).find((file) => !before.has(file)) : undefined;
  return (
    saved &&
    `plan-export: saved the accepted plan to docs/plans/accepted/${saved} (${CLIS[cli].title} shows it to no one)`
  );
}
