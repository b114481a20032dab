// The shipped plugins of the bridge CLIs (OpenCode, Kilo Code CLI, Pi, Amp, OpenClaw), loaded the way the CLI loads them, and
// their captured hook arguments: tests call a plugin's hooks as the CLI would, against its real bundle.
import { cpSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import { assertFresh, repoRoot } from "./bundle.ts";
import { tempDir } from "./temp.ts";

/** The bridge CLIs (their packaging has a `bridge`: packages/clis' contract test holds this list to it). */
export const BRIDGE_CLIS = ["opencode", "kilo", "pi", "amp", "openclaw"] as const;
export type BridgeCli = (typeof BRIDGE_CLIS)[number];

/** Those that load a plugin folder's index.js rather than a plugin file (held to their packaging's pluginPath). */
export const FOLDER_PLUGIN_CLIS: readonly BridgeCli[] = ["pi", "amp", "openclaw"];
const folderPlugin = (cli: BridgeCli) => FOLDER_PLUGIN_CLIS.includes(cli);

/** `file` of plugins/<guardrail>/<cli>/, once vitest.bundles.ts found that folder identical to a fresh build. */
export function shippedPath(guardrail: string, cli: BridgeCli, file: string): string {
  const path = join(repoRoot, "plugins", guardrail, cli, file);
  assertFresh(relative(repoRoot, path), inject("staleBundles"));
  return path;
}

/** The plugin file of a guardrail in a bridge CLI's folder (OpenCode, Kilo: hookrail-<g>.js; Pi, Amp, OpenClaw: hookrail-<g>/index.js). */
export const pluginFile = (guardrail: string, cli: BridgeCli) =>
  folderPlugin(cli) ? `hookrail-${guardrail}/index.js` : `hookrail-${guardrail}.js`;

/**
 * A copy of a guardrail's shipped folder for a bridge CLI in a temporary folder (to break it in), and its plugin
 * module imported from there, as the CLI imports it.
 */
export async function loadPlugin(
  guardrail: string,
  cli: BridgeCli,
  breakIt?: (dir: string) => void,
): Promise<{ dir: string; module: Record<string, unknown> }> {
  const dir = tempDir(`plugin-${cli}-${guardrail}-`);
  cpSync(join(shippedPath(guardrail, cli, pluginFile(guardrail, cli)), folderPlugin(cli) ? "../.." : ".."), dir, {
    recursive: true,
  });
  breakIt?.(dir);
  const module = (await import(pathToFileURL(join(dir, pluginFile(guardrail, cli))).href)) as Record<string, unknown>;
  return { dir, module };
}

/** A captured hook argument file (packages/<cli>/test/fixtures/<name>.json), `<repo>` and `<HOME>` replaced. */
export function bridgeFixture(cli: BridgeCli, name: string, target: { cwd: string; home?: string }) {
  let text = readFileSync(join(repoRoot, "packages", cli, "test", "fixtures", `${name}.json`), "utf8");
  const inJson = (value: string) => JSON.stringify(value).slice(1, -1);
  text = text.split("<repo>").join(inJson(target.cwd));
  text = text.split("<HOME>").join(inJson(target.home ?? "/home/user"));
  return JSON.parse(text) as Record<string, Record<string, unknown>>;
}

/** What a bridge plugin sends the bundle for one of the CLI's hooks (core's BridgePayload). */
export const bridgeEnvelope = (hook: string, data: unknown, cwd: string, sessionId = "ses_1") => ({
  hookrail_bridge: 1 as const,
  hook_event_name: hook,
  session_id: sessionId,
  cwd,
  data,
});
