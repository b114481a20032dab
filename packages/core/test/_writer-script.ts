// A test's writer program (state-writer.ts, lock-writer.ts, audit-writer.ts) bundled into one script that
// node runs as a separate process, the way many hooks run at once.
import { join } from "node:path";
import { build } from "esbuild";

export async function writerScript(entry: URL, work: string): Promise<string> {
  const script = join(work, "writer.mjs");
  await build({
    entryPoints: [entry.pathname],
    outfile: script,
    bundle: true,
    platform: "node",
    format: "esm",
    conditions: ["@hookrail/source"],
    logLevel: "error",
  });
  return script;
}
