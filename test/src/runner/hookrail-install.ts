// Installs a guardrail as a user now does: the packed `hookrail` (npm pack of apps/cli, installed
// alone into a throwaway prefix by the suite's global setup) runs `hookrail install <g> --cli <cli>`
// in the run's throwaway HOME, with the real CLI on PATH for its own installer. A guardrail the
// packed command does not carry (the harness's generated one, or plugins from HOOKRAIL_PLUGINS_ROOT)
// is installed the older way by each runner.
import path from "node:path";
import { guardrails } from "hookrail/testing";
import type {} from "hookrail/testing/pack";
import { inject } from "vitest";
import { REPO_ROOT } from "../cells/shipped.ts";
import type { CliName } from "../clis.ts";
import type { Session } from "./session.ts";
import type { GuardrailSource } from "./types.ts";

/** Whether the packed command carries this guardrail's folders (built from this repository). */
export const packedCarries = (src: GuardrailSource): boolean =>
  src.guardrail in guardrails && path.resolve(src.root) === REPO_ROOT;

/** `hookrail <install|uninstall> <g> --cli <cli>` with the packed bin; `cliBin` is put first on PATH. */
export async function hookrail(
  s: Session,
  action: "install" | "uninstall",
  cli: CliName,
  src: GuardrailSource,
  cliBin?: string,
): Promise<void> {
  const env = { ...s.env, PATH: [...(cliBin ? [path.dirname(cliBin)] : []), s.env.PATH].join(path.delimiter) };
  const args = [action, src.guardrail, "--cli", cli];
  await s.run(inject("hookrailBin"), args, { env, label: `hookrail ${args.join(" ")}` });
}
