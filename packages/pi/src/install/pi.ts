// Pi (0.73.1, 1.6.0): hookrail's extension is one folder, hookrail-<g>/ (index.js and the bundle), in a folder Pi
// discovers extensions in at start: user scope $PI_CODING_AGENT_DIR/extensions (default ~/.pi/agent/extensions),
// loaded without asking; project scope <project>/.pi/extensions, which Pi 0.79 and later load only in a trusted
// project (pi-trust.ts). An extension that fails to load stops every `pi -p` run, so the extension itself never
// throws as it loads.
import { homedir } from "node:os";
import { join } from "node:path";
import { bridgeInstaller, homeRelative, type InstallContext } from "@hookrail/install-kit";
import { piExclusion } from "./pi-settings.ts";
import { piTrustCommand, piTrustProbes, piTrustProblems } from "./pi-trust.ts";

/** Pi's own folder: $PI_CODING_AGENT_DIR (a leading ~ is the home folder), else ~/.pi/agent. */
export function piAgentDir(ctx: InstallContext): string {
  const dir = ctx.env.PI_CODING_AGENT_DIR;
  if (!dir) return join(ctx.home, ".pi", "agent");
  return homeRelative(dir, ctx.home || homedir());
}

/** The folder holding this scope's extensions folder and settings.json. */
const piScopeDir = (ctx: InstallContext) => (ctx.scope === "project" ? join(ctx.project, ".pi") : piAgentDir(ctx));

export const piInstaller = bridgeInstaller({
  cli: "pi",
  title: "Pi",
  // Pi runs on Node: the extension starts its bundle with the node that runs pi.
  needsNode: false,
  homes: (ctx) => [piAgentDir(ctx)],
  pluginsDir: (ctx) => join(piScopeDir(ctx), "extensions"),
  pluginFile: (guardrail) => `hookrail-${guardrail}/index.js`,
  problems: (guardrail, ctx) => {
    const settings = join(piScopeDir(ctx), "settings.json");
    const off = piExclusion(settings, join(piScopeDir(ctx), "extensions", `hookrail-${guardrail}`, "index.js"));
    return [
      ...(off
        ? [
            {
              problem: `${off} leaves hookrail-${guardrail} out of Pi's extensions`,
              fix: 'remove that entry from its "extensions" list',
            },
          ]
        : []),
      ...piTrustProblems(guardrail, ctx, piAgentDir(ctx)),
    ];
  },
  probes: (guardrail, ctx) => piTrustProbes(guardrail, ctx, piAgentDir(ctx)),
  notes: (guardrail, ctx) => {
    const trust = piTrustProblems(guardrail, ctx, piAgentDir(ctx))[0];
    return [
      `Pi loads ${guardrail} when it next starts; pi --no-extensions (-ne) runs without it. npx hookrail doctor says when something stops it.`,
      ...(trust?.id === "pi.project.untrusted"
        ? [
            `Pi 0.79 and later load .pi/extensions only in a trusted project, and this one is not yet: run ${piTrustCommand(ctx.project)} once and choose "Trust" (pi -p runs: --approve).`,
          ]
        : trust
          ? [`${trust.problem}: ${trust.fix}.`]
          : []),
    ];
  },
});
