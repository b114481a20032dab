// `hookrail install <guardrail> --cli <cli>`: install one guardrail for one CLI from this repository.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installCodex } from "../install/codex.ts";
import { type CopilotScope, installCopilot } from "../install/copilot.ts";
import type { CommandIO } from "../io.ts";
import { findAdapter, findGuardrail } from "../registry.ts";

/** The hookrail repository this command runs from: the nearest folder above it with the marketplace. */
export function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, ".claude-plugin", "marketplace.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** The repository's plugins/ folder, or $HOOKRAIL_PLUGINS_DIR. */
export const pluginsRoot = (env: NodeJS.ProcessEnv): string =>
  env.HOOKRAIL_PLUGINS_DIR || join(repositoryRoot(), "plugins");

export async function installCommand(
  name: string | undefined,
  cli: string | undefined,
  io: CommandIO,
  options: { scope?: string } = {},
): Promise<number> {
  const { manifest } = findGuardrail(name);
  const adapter = findAdapter(cli);
  const folder = join(pluginsRoot(io.env), manifest.name, adapter.cli);
  if (!existsSync(folder)) {
    io.stderr.write(`hookrail: ${folder} does not exist; run npm run build in the hookrail repository\n`);
    return 1;
  }
  const print = (line: string) => io.stdout.write(`${line}\n`);
  switch (adapter.cli) {
    case "codex": {
      const result = installCodex(manifest.name, folder, io.env);
      print(`installed ${manifest.name} for Codex in ${result.installedDir}`);
      print(`hooks: ${result.hooksFile}; trusted ${result.trusted.length} hook(s) in config.toml`);
      return 0;
    }
    case "claude":
      print("Claude Code installs plugins itself; run:");
      print(`  claude plugin marketplace add ${join(folder, "..", "..", "..")}`);
      print(`  claude plugin install ${manifest.name}@hookrail`);
      return 0;
    case "gemini":
      print("Gemini CLI links extensions itself; run:");
      print(`  gemini extensions link ${folder} --consent`);
      return 0;
    case "copilot": {
      const scope: CopilotScope = options.scope === "project" ? "project" : "user";
      const result = installCopilot(manifest.name, folder, { scope, env: io.env, project: io.cwd });
      print(`installed ${manifest.name} for Copilot CLI: ${result.hooksFile}`);
      if (scope === "project")
        print(
          "Copilot CLI runs project hooks only in a trusted folder; commit .github/hooks/ for the cloud agent (its runner needs node)",
        );
      return 0;
    }
  }
}
