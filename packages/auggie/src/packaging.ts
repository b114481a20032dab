// A guardrail as Auggie hooks: hooks.json (Claude Code's `{"hooks": …}` shape, as Auggie's settings.json has it;
// timeouts in milliseconds) + the bundle, both copied by `hookrail install` into a folder of their own, whose groups
// are merged into the scope's settings.json. The command finds the bundle under $HOME; the installer rewrites that
// folder for each scope. Auggie runs a command with a shell character in it through `bash -c`, and tests a matcher
// as an unanchored regular expression (`mcp:<regex>` for MCP tools alone), so tool names are anchored here.
import {
  type CliPackaging,
  type GuardrailManifest,
  manifestJson,
  nativeEventName,
  nativeHooks,
  nodeHookCommand,
  type PackageFile,
} from "@hookrail/core";
import { auggieDialect } from "./dialect.ts";

/** Where `hookrail install` puts a guardrail's Auggie folder, relative to the scope's .augment folder. */
export const auggieInstallDir = (manifest: GuardrailManifest) => `hookrail/${manifest.name}`;

export const auggieBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** How the shipped hooks.json names the user's .augment folder (rewritten per scope by the installer). */
export const AUGGIE_USER_DIR = "$HOME/.augment";

interface Group {
  matcher?: string;
  hooks: Record<string, unknown>[];
}

/** `A|B` as Auggie must read it to match those tools alone; an MCP pattern stays as it is. */
const anchored = (matcher: string | undefined) =>
  matcher === undefined || matcher.startsWith("mcp:") ? matcher : `^(?:${matcher})$`;

export function auggieHookFiles(manifest: GuardrailManifest): PackageFile[] {
  const file = `${AUGGIE_USER_DIR}/${auggieInstallDir(manifest)}/${auggieBundlePath(manifest)}`;
  const timeout = manifest.timeoutSeconds * 1000;
  // Auggie lets a tool run when its hook cannot start, crashes or times out: a gate's own loader blocks (exit 2)
  // when the hook file has gone, naming the fix.
  const gate = manifest.failure === "closed" ? nativeEventName(auggieDialect, "before-tool") : undefined;
  const handler = { type: "command", command: nodeHookCommand(file), timeout };
  const blocking = { ...handler, command: nodeHookCommand(file, { guardrail: manifest.name, blocking: true }) };
  const hooks = Object.fromEntries(
    Object.entries(nativeHooks(manifest, auggieDialect, handler)).map(([event, groups]) => [
      event,
      (groups as Group[]).map((g) => {
        const matcher = anchored(g.matcher);
        return { ...(matcher ? { matcher } : {}), hooks: event === gate ? [blocking] : g.hooks };
      }),
    ]),
  );
  return [{ path: "hooks.json", content: manifestJson({ hooks }) }];
}

export const auggiePackaging: CliPackaging = { cli: "auggie", files: auggieHookFiles, bundlePath: auggieBundlePath };
