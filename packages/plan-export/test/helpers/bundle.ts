// Bundles a hook entry the way the build does (esbuild, sources via the @hookrail/source condition),
// so tests can run it as the CLIs do: a separate node process per hook call.
import { join } from "node:path";
import { build } from "esbuild";

export async function bundleEntry(entry: string, outDir: string): Promise<string> {
  const outfile = join(outDir, "hook.mjs");
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node18",
    conditions: ["@hookrail/source"],
    banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
    logLevel: "error",
  });
  return outfile;
}
