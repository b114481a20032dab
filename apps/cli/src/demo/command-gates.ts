// The command gates in the demo: two gates from an embedded config, the same commands as each CLI sends them.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DemoSection } from "./section.ts";
import { showShellVerdicts } from "./shell-verdicts.ts";

/** What a user writes in ~/.config/hookrail/config.json (or a project's .hookrail/config.json). */
export const DEMO_GATES = [
  {
    name: "publish",
    commands: ["npm publish", "pnpm publish", "yarn npm publish"],
    marker: "PUBLISH_APPROVED",
    reason: "Publishing is a release step: ask the owner first.",
  },
  { name: "infra", commands: ["terraform apply", "terraform destroy", "kubectl delete"], marker: "INFRA_APPROVED" },
];

const COMMANDS = [
  "npm publish --access public",
  "PUBLISH_APPROVED=1 npm publish --access public",
  "sh -c 'cd infra && terraform apply'",
  "npm run publish",
];

export const commandGatesDemo: DemoSection = {
  title: 'command gates: two gates from config ("publish": npm publish…, "infra": terraform apply…)',
  async run({ repo, env, print }) {
    const dir = join(env.XDG_CONFIG_HOME ?? "", "hookrail");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "config.json"), JSON.stringify({ "command-gates": DEMO_GATES }, null, 2));
    await showShellVerdicts("command-gates", COMMANDS, { repo, env, print });
  },
};
