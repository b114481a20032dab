// Every hook bundle that runs in Cline, and every project's copy of a guardrail, carries Cline's adapter. The
// dispatcher's text (dispatcher-source.ts, about 10 KB) is written to disk by the installer and is never run from a
// bundle: a bundle that imports the adapter as the build does must not carry it.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { DISPATCHER_SOURCE } from "../src/index.ts";

const here = dirname(fileURLToPath(import.meta.url));

const bundled = async (contents: string) => {
  const result = await build({
    stdin: { contents, resolveDir: join(here, "..", "src"), loader: "ts" },
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    conditions: ["@hookrail/source"],
    logLevel: "error",
  });
  return result.outputFiles[0]?.text ?? "";
};

// A line only the dispatcher has: its answer-combining function.
const dispatcherLine = "function combine(results, payload)";

describe("Cline's adapter in a hook bundle", () => {
  it("is the line the test looks for in the dispatcher's text", () => {
    expect(DISPATCHER_SOURCE).toContain(dispatcherLine);
  });

  it("leaves the dispatcher's text out of a bundle that imports the adapter from the package", async () => {
    const text = await bundled('export { clineAdapter } from "@hookrail/cline";');
    expect(text).toContain("hookrailRefuse");
    expect(text).not.toContain(dispatcherLine);
  }, 30_000);

  it("keeps it in a bundle that does use it (the check can fail)", async () => {
    const text = await bundled('export { clineAdapter, DISPATCHER_SOURCE } from "@hookrail/cline";');
    expect(text).toContain(dispatcherLine);
  }, 30_000);
});
