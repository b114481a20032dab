// A guardrail as Cline hooks: its folder (plugins/<g>/cline/: the bundle, `cline.json` and the dispatcher), which
// `hookrail install` copies to <hooks folder>/hookrail/<g>/ and whose dispatcher it puts in the hooks folder once
// per event, named after the event (`PreToolUse`): Cline runs one file per event name and folder, so the
// guardrails share it (dispatcher-source.ts). `cline.json` says which events and tools run the guardrail, its
// failure policy and its timeout.
import {
  type CliPackaging,
  type GuardrailManifest,
  manifestJson,
  momentEvents,
  type PackageFile,
  type PackagingOptions,
} from "@hookrail/core";
import { CLINE_EVENTS, clineDialect } from "./dialect.ts";
import { DISPATCHER_SOURCE } from "./dispatcher-source.ts";

/** The dispatcher's file in a guardrail's folder (the installer copies it to `<hooks folder>/<event>`). */
export const CLINE_DISPATCHER_FILE = "dispatch";
export const CLINE_SETTINGS_FILE = "cline.json";

/** Where `hookrail install` puts a guardrail's folder, relative to the hooks folder. */
export const clineInstallDir = (manifest: GuardrailManifest | string) =>
  `hookrail/${typeof manifest === "string" ? manifest : manifest.name}`;

export const clineBundlePath = (manifest: GuardrailManifest) => manifest.bundle;

/** What `cline.json` holds: per hook file name, the tools that run the guardrail (true: every call). */
export interface ClineSettings {
  guardrail: string;
  bundle: string;
  failure: "closed" | "open";
  timeoutSeconds: number;
  events: Record<string, string[] | true>;
  /** The hook files (among `events`) that also run it for every MCP tool, named `<server>__<tool>` by Cline. */
  mcp?: string[];
}

const eventOf = (kind: string) =>
  Object.keys(CLINE_EVENTS).find((e) => CLINE_EVENTS[e as keyof typeof CLINE_EVENTS] === kind);

/** The hook files a guardrail needs and the tools each runs it for; a binding for tools Cline lacks binds nothing. */
export function clineEvents(manifest: GuardrailManifest): Pick<ClineSettings, "events" | "mcp"> {
  const events: Record<string, string[] | true> = {};
  const mcp = new Set<string>();
  for (const binding of manifest.bindings) {
    const event = eventOf(binding.event);
    if (!event) continue;
    const kinds = binding.tools;
    if (!kinds) {
      events[event] = true;
      continue;
    }
    const tools = Object.keys(clineDialect.tools).filter((name) => kinds.includes(clineDialect.tools[name] ?? "other"));
    if (kinds.includes("mcp")) mcp.add(event);
    else if (!tools.length) continue;
    const before = events[event];
    if (before === true) continue;
    events[event] = [...new Set([...(before ?? []), ...tools])];
  }
  for (const event of momentEvents(manifest, clineDialect)) events[event] = true;
  const watched = [...mcp].filter((event) => events[event] !== true);
  return { events, ...(watched.length ? { mcp: watched } : {}) };
}

export function clineSettings(manifest: GuardrailManifest, options: PackagingOptions = {}): ClineSettings {
  return {
    guardrail: manifest.name,
    bundle: clineBundlePath(manifest),
    failure: (options.failure ?? manifest.failure) === "closed" ? "closed" : "open",
    timeoutSeconds: manifest.timeoutSeconds,
    ...clineEvents(manifest),
  };
}

export function clineHookFiles(manifest: GuardrailManifest, options: PackagingOptions = {}): PackageFile[] {
  return [
    { path: CLINE_SETTINGS_FILE, content: manifestJson(clineSettings(manifest, options)) },
    { path: CLINE_DISPATCHER_FILE, content: DISPATCHER_SOURCE, writtenElsewhere: true },
  ];
}

export const clinePackaging: CliPackaging = {
  cli: "cline",
  files: clineHookFiles,
  bundlePath: clineBundlePath,
  // The dispatcher runs the guardrails bound to a call in its own process.
  oneProcess: true,
};
