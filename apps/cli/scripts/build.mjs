// Bundles the hookrail command into one self-contained dist/cli.mjs (our packages from source, every dependency
// inlined: the published package has no runtime dependencies), and writes dist/hookrail.mjs, the package's bin,
// which checks the Node it runs on before loading it (starter.mjs).
// `--pack` (npm's prepack) also copies what the command installs into the package: the prebuilt
// plugins/ folders and the Claude marketplace, from the repository root (built by `npm run build`).
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { nodeFloor, starter } from "./starter.mjs";

const here = (path) => new URL(path, import.meta.url).pathname;

// A guardrail package added since the last build is found here, not registered by hand.
await import("./guardrails.mjs").then(({ writeGuardrails }) => writeGuardrails());

await build({
  entryPoints: [here("../src/bin/hookrail.ts")],
  outfile: here("../dist/cli.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node18",
  conditions: ["@hookrail/source"],
  // ES-module builds first: some packages' "main" is a UMD build that requires files at run time.
  mainFields: ["module", "main"],
  banner: {
    js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
  },
  logLevel: "warning",
});

writeFileSync(here("../dist/hookrail.mjs"), starter(nodeFloor(readFileSync(here("../package.json"), "utf8"))), {
  mode: 0o755,
});

const SHIPPED = ["plugins", ".claude-plugin"];
if (process.argv.includes("--pack")) {
  for (const part of SHIPPED) {
    const from = here(`../../../${part}`);
    if (!existsSync(from)) throw new Error(`${from} is missing: run npm run build at the repository root first`);
    rmSync(here(`../${part}`), { recursive: true, force: true });
    cpSync(from, here(`../${part}`), { recursive: true });
  }
}
if (process.argv.includes("--unpack"))
  for (const part of SHIPPED) rmSync(here(`../${part}`), { recursive: true, force: true });
