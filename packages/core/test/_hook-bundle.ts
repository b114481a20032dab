// A test's own script, bundled the way the hook bundles are (one CommonJS file, workspace packages from source).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** `code` (TypeScript, resolved from core's src/) bundled into `dir/name`; the file's path. */
export async function hookBundle(code: string, dir: string, name = "hook.cjs"): Promise<string> {
  const result = await build({
    stdin: { contents: code, resolveDir: fileURLToPath(new URL("../src", import.meta.url)), loader: "ts" },
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    conditions: ["@hookrail/source"],
    logLevel: "error",
  });
  const file = join(dir, name);
  writeFileSync(file, result.outputFiles[0]?.text ?? "");
  return file;
}
