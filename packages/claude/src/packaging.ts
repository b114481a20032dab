// A guardrail as a Claude Code plugin: .claude-plugin/plugin.json + hooks/hooks.json + the bundle.
import {
  type CliPackaging,
  type GuardrailManifest,
  manifestJson,
  nativeEventName,
  nativeHooks,
  nodeHookCommand,
  type PackageFile,
} from "@hookrail/core";
import { claudeDialect } from "./dialect.ts";

/** Where the bundle sits inside the plugin folder. */
export const claudeBundlePath = (manifest: GuardrailManifest) => `hooks/${manifest.bundle}`;

export function claudePluginFiles(manifest: GuardrailManifest): PackageFile[] {
  const file = `\${CLAUDE_PLUGIN_ROOT}/${claudeBundlePath(manifest)}`;
  // The command's own loader answers when the hook file has gone: the gate's tool hook blocks, naming the fix.
  const handler = { type: "command", command: nodeHookCommand(file), timeout: manifest.timeoutSeconds };
  const hooks = nativeHooks(manifest, claudeDialect, handler);
  // A gate's tool hook that cannot start (node or the bundle missing), times out or crashes blocks the action
  // (Claude Code 2.1.295 and later; older versions ignore the field and let the action through). Its other
  // hooks (the prompt, where approvals are read) decide no action: a failure there still lets the session go on.
  const gate = nativeEventName(claudeDialect, "before-tool");
  if (manifest.failure === "closed" && gate && hooks[gate]) {
    hooks[gate] = hooks[gate].map((group) => {
      const g = group as { hooks: Record<string, unknown>[] };
      const command = nodeHookCommand(file, { guardrail: manifest.name, blocking: true });
      return { ...g, hooks: g.hooks.map((h) => ({ ...h, command, onFailure: "block" })) };
    });
  }
  const plugin = {
    name: manifest.name,
    version: manifest.version,
    description: manifest.description,
    author: { name: "hookrail" },
    license: "MIT",
    ...(manifest.homepage ? { homepage: manifest.homepage } : {}),
  };
  return [
    { path: ".claude-plugin/plugin.json", content: manifestJson(plugin) },
    {
      path: "hooks/hooks.json",
      content: manifestJson({ hooks }),
    },
  ];
}

/** `.claude-plugin/marketplace.json`: `claude plugin marketplace add <this repo>` lists every guardrail. */
export const claudeMarketplace: NonNullable<CliPackaging["rootFiles"]> = (guardrails, description) => {
  const marketplace = {
    name: "hookrail",
    owner: { name: "hookrail" },
    metadata: { description },
    plugins: guardrails.map(({ manifest, folder }) => ({
      name: manifest.name,
      source: `./${folder}`,
      description: manifest.description,
      version: manifest.version,
    })),
  };
  return [{ path: ".claude-plugin/marketplace.json", content: manifestJson(marketplace) }];
};

export const claudePackaging: CliPackaging = {
  cli: "claude",
  files: claudePluginFiles,
  bundlePath: claudeBundlePath,
  rootFiles: claudeMarketplace,
};
