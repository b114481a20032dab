// esbuild settings for hook bundles: one self-contained file per guardrail and CLI, for Node >= 18.
// The hook is bundled as CommonJS (no ES-module loader to start: ~3.5 ms less per run) and wrapped in
// a loader that runs it from V8's code cache (see loader.ts). A bundle in a file of its own is split in two parts,
// what every call runs and what only some calls load (split.ts).
import { createHash } from "node:crypto";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { BridgeSettings } from "@hookrail/core";
import { build, type Plugin } from "esbuild";
import { debugOff } from "./debug-off.ts";
import { HOOK_OUTPUT, type HookEntry } from "./hook-entry.ts";
import { bundleFileSource, type LoaderAnswer, type LoaderAudit, type LoaderOptions, loaderSource } from "./loader.ts";
import { splitBundle } from "./split.ts";

export type { HookEntry } from "./hook-entry.ts";

/** The shipped hook file's text, and the bundle's file when it has one of its own (`mode.bundleFile`). */
export interface HookFiles {
  hook: string;
  bundle?: string;
}

/** The shipped hook's files. Deterministic for the same sources and esbuild version. */
export async function bundleHook(
  entry: HookEntry,
  name: string,
  startFailure: LoaderAnswer,
  audit: Omit<LoaderAudit, "code">,
  mode: Pick<LoaderOptions, "shared" | "library" | "bundleFile"> & {
    /** The guardrail this hook file runs from a bundle that holds every guardrail (LoaderOptions.group). */
    group?: string;
  } = {},
): Promise<HookFiles> {
  const code =
    mode.bundleFile !== undefined
      ? await splitBundle(entry, PLUGINS, mode.group !== undefined)
      : await oneBundle(entry);
  const text = typeof code === "string" ? code : JSON.stringify(code);
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const id = `${name}-${hash}`;
  const { group, ...rest } = mode;
  const options: LoaderOptions = {
    id,
    code,
    startFailure,
    audit: { ...audit, code: await auditCode() },
    ...rest,
    ...(group !== undefined ? { group: { guardrail: group, build: hash } } : {}),
  };
  return {
    hook: loaderSource(options),
    ...(mode.bundleFile !== undefined ? { bundle: bundleFileSource(options) } : {}),
  };
}

/** The entry as one CommonJS bundle (a hook that carries it in its own file's comments). */
async function oneBundle(entry: HookEntry): Promise<string> {
  const result = await build({
    ...HOOK_OUTPUT,
    ...(typeof entry === "string"
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: "ts" as const } }),
    format: "cjs",
    conditions: ["@hookrail/source"],
    plugins: PLUGINS,
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error("esbuild produced no output");
  return file.text;
}

/**
 * `require("hookrail-adapter:<cli>").adapter`: the CLI's adapter alone, as a module of its own. A bundle shared by
 * several CLIs requires each this way, so esbuild sets up only the adapter of the CLI that runs, and keeps of each
 * CLI's package only what its adapter uses.
 */
export const ADAPTER_MODULE = "hookrail-adapter:";

const adapterModules: Plugin = {
  name: "hookrail-adapter",
  setup(b) {
    b.onResolve({ filter: /^hookrail-adapter:/ }, (args) => ({
      path: args.path.slice(ADAPTER_MODULE.length),
      namespace: "hookrail-adapter",
      pluginData: args.resolveDir,
    }));
    b.onLoad({ filter: /.*/, namespace: "hookrail-adapter" }, (args) => {
      if (!/^[a-z]+$/.test(args.path)) throw new Error(`not a CLI's name: ${args.path}`);
      return {
        contents: `export { ${args.path}Adapter as adapter } from "@hookrail/${args.path}";`,
        resolveDir: args.pluginData as string,
        loader: "ts",
      };
    });
  },
};

/** simple-git's logger, switched off in hooks (debug-off.ts says why); a CLI's adapter on its own. */
const PLUGINS: Plugin[] = [debugOff, adapterModules];

let audit: Promise<string> | undefined;

/** Core's auditStartFailure as one script that defines `hookrailAudit` (built once per build). */
function auditCode(): Promise<string> {
  audit ??= build({
    stdin: {
      contents: 'export { auditStartFailure } from "@hookrail/core";',
      resolveDir: dirname(fileURLToPath(import.meta.url)),
    },
    bundle: true,
    write: false,
    platform: "node",
    format: "iife",
    globalName: "hookrailAudit",
    target: "node18",
    conditions: ["@hookrail/source"],
    minify: true,
    legalComments: "none",
    charset: "ascii",
    logLevel: "error",
  }).then((result) => {
    const text = result.outputFiles[0]?.text;
    if (!text) throw new Error("esbuild produced no output for loader-audit.ts");
    return text.trim();
  });
  return audit;
}

/**
 * A bridge CLI's plugin (an ES module the CLI loads in its own process), built from its entry with the guardrail's
 * settings in place of `__HOOKRAIL_BRIDGE__`. Not minified: it is small, and users read what runs in their CLI.
 */
export async function bundlePlugin(
  entry: string,
  settings: BridgeSettings,
  banner: string,
  root: string,
): Promise<string> {
  const result = await build({
    // Module paths in the output's comments are relative to this: the repository root, wherever the build runs.
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node18",
    conditions: ["@hookrail/source"],
    define: { __HOOKRAIL_BRIDGE__: JSON.stringify(settings) },
    banner: { js: banner },
    legalComments: "none",
    charset: "ascii",
    logLevel: "error",
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return file.text;
}

/** A module with no imports left (e.g. a manifest), as a data: URL that Node can import. */
export async function bundleToDataUrl(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    conditions: ["@hookrail/source"],
    logLevel: "error",
  });
  const text = result.outputFiles[0]?.text ?? "";
  return `data:text/javascript;base64,${Buffer.from(text).toString("base64")}`;
}
