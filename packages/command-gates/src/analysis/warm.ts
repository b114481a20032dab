// What the command gates run when a bundle makes its code cache (core's Guardrail.warm): a gate's shell reading on
// sample lines that name its command. A line that names no gate is not parsed, so a cache made by such a first call
// lacks the parser, and every later line naming a gate would compile it again. Not the PowerShell reader: it would
// grow every cache, a cost on each call where PowerShell never runs. Pure: no I/O.
import type { CommandGate } from "../options.ts";
import { analyzeCommandGates } from "./analyze-gates.ts";

const GATES: readonly CommandGate[] = [
  { name: "publish", commands: ["npm publish", "terraform apply"], marker: "PUBLISH_APPROVED", approval: "marker" },
];

/** Lines that name a gate's command, read in full. */
export const WARM_LINES: readonly string[] = [
  'cd "$(git rev-parse --show-toplevel)" && npm run build 2>&1 | tail -n 5; PUBLISH_APPROVED=1 npm publish --tag next',
  'for d in infra/*; do (cd "$d" && bash -c "terraform apply -auto-approve"); done',
];

export function warmGates(): void {
  for (const line of WARM_LINES) analyzeCommandGates(line, GATES, { cwd: "/", home: "/" }, true);
}
