// Is a guardrail's Codex hook installed and trusted as it is now? Codex skips an untrusted or edited
// hook without a word, so this is the question a user cannot answer from Codex itself.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { codexHome, isHookrailGroup, readHooksFile } from "./codex.ts";
import { codexTrustEntries } from "./codex-trust.ts";

export type CodexStatus = "not installed" | "trusted" | "not trusted";

export function codexStatus(name: string, env: NodeJS.ProcessEnv): CodexStatus {
  const home = codexHome(env);
  const hooksFile = join(home, "hooks.json");
  if (!existsSync(join(home, "hookrail", name))) return "not installed";
  const entries = codexTrustEntries(hooksFile, readHooksFile(hooksFile).hooks ?? {}, isHookrailGroup(name));
  if (entries.length === 0) return "not installed";
  const configFile = join(home, "config.toml");
  const toml = existsSync(configFile) ? readFileSync(configFile, "utf8") : "";
  const trusted = entries.every(({ key, hash }) =>
    toml.includes(`[hooks.state.${JSON.stringify(key)}]\ntrusted_hash = ${JSON.stringify(hash)}`),
  );
  return trusted ? "trusted" : "not trusted";
}
