// Bundles the hookrail command into dist/hookrail.mjs (workspace packages from source).
import { build } from "esbuild";

await build({
  entryPoints: [new URL("../src/bin/hookrail.ts", import.meta.url).pathname],
  outfile: new URL("../dist/hookrail.mjs", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node18",
  conditions: ["@hookrail/source"],
  banner: { js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);' },
  logLevel: "warning",
});
