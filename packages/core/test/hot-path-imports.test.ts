// What core costs every hook run at start-up: bundled the way the hooks are, the modules the per-tool-call
// guardrails use may load only node:fs and node:path up front. child_process (and simple-git,
// which needs it) is loaded on demand by git-fast's gitExec; node:os only when $HOME is unset, node:crypto only when state is written (see _builtin.ts).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const src = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

async function staticImports(code: string): Promise<{ static: string[]; dynamic: string[] }> {
  const result = await build({
    stdin: { contents: code, resolveDir: fileURLToPath(new URL("../src", import.meta.url)), loader: "ts" },
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    conditions: ["@hookrail/source"],
    metafile: true,
    logLevel: "error",
  });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  const names = (kind: string) => [...new Set(imports.filter((i) => i.kind === kind).map((i) => i.path))].sort();
  return { static: names("import-statement"), dynamic: names("dynamic-import") };
}

describe("core's hot-path modules at start-up", () => {
  it("load no child_process, simple-git, node:os, node:crypto or node:module", async () => {
    const code = [
      `export * from ${JSON.stringify(src("index.ts"))};`,
      `export * from ${JSON.stringify(src("git-fast.ts"))};`,
      `export * from ${JSON.stringify(src("state.ts"))};`,
      `export * from ${JSON.stringify(src("session-record.ts"))};`,
    ].join("\n");
    const imports = await staticImports(code);
    expect(imports.static).toEqual(["node:fs", "node:path"]);
    expect(imports.dynamic).toEqual(["node:child_process"]);
  });
});
