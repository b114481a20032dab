#!/usr/bin/env node
// Runs a TypeScript script of this repository on plain Node: esbuild bundles it (workspace packages from
// source via the @hookrail/source condition) into a temp file, which is then imported with the same argv.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("usage: node scripts/run-ts.mjs <file.ts> [args...]");
  process.exit(2);
}
// Inside the repository, so that the external npm packages resolve from its node_modules.
const cache = fileURLToPath(new URL("../node_modules/.cache/hookrail-run-ts/", import.meta.url));
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(cache);
const outfile = join(dir, "script.mjs");
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["@hookrail/source"],
  logLevel: "error",
  // The script sees its own location, not the temp file's.
  define: { "import.meta.url": JSON.stringify(pathToFileURL(resolve(entry)).href) },
  plugins: [
    {
      name: "external-npm-packages",
      setup(b) {
        // Bundle this repository's own packages (from source); leave third-party packages to Node.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@hookrail/") ? undefined : { external: true },
        );
      },
    },
  ],
});
process.argv = [process.argv[0] ?? "node", resolve(entry), ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
