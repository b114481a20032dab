// What core costs every hook run at start-up: bundled the way the hooks are, the modules the per-tool-call
// guardrails use may load only node:fs and node:path up front. child_process is loaded on demand by
// git-fast's gitExec where git cannot run inline (git-inline.test.ts) and node:os only when $HOME is unset (both through _builtin.ts); node:crypto, node:zlib
// and Node's stream modules not at all (each costs a run about 2 ms), nor fs.rmSync's recursive remover (about
// 0.45 ms on first use: a lock or temp file goes through core's removeFile).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "@hookrail/test-utils";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { hookBundle } from "./_hook-bundle.ts";

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
      `export * from ${JSON.stringify(src("git/git-fast.ts"))};`,
      `export * from ${JSON.stringify(src("state/state.ts"))};`,
      `export * from ${JSON.stringify(src("state/session-record.ts"))};`,
    ].join("\n");
    const imports = await staticImports(code);
    expect(imports.static).toEqual(["node:fs", "node:path"]);
    expect(imports.dynamic).toEqual([]);
  });

  it("load none of Node's heavier built-ins when a bundle starts, reads stdin and answers", async () => {
    // The runtime's own path, as a hook bundle takes it: stdin at the descriptor level, the state store written and read.
    const code = `import { parseJson } from ${JSON.stringify(src("index.ts"))};
import { hookStdin, writeAll } from ${JSON.stringify(src("hook/hook-stdio.ts"))};
import { readCheckout } from ${JSON.stringify(src("git/git-fast.ts"))};
import { StateStore } from ${JSON.stringify(src("state/state.ts"))};
const before = new Set(process.moduleLoadList);
hookStdin().read(1 << 20).then(({ text }) => {
  parseJson(text);
  readCheckout(process.cwd());
  const store = new StateStore({ dir: process.argv[2] });
  store.set("ns", "key", { a: 1 });
  store.get("ns", "key");
  writeAll(1, JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith("NativeModule "))));
});`;
    const dir = tempDir("hookrail-hot-path-");
    const file = await hookBundle(code, dir);
    const out = execFileSync(process.execPath, [file, join(dir, "state")], { input: '{"a":1}', encoding: "utf8" });
    const loaded = JSON.parse(out) as string[];
    expect(
      loaded.filter((m) => /crypto|zlib|stream|child_process|node:os|\bos\b|\bnet\b|tty|module|rimraf/.test(m)),
    ).toEqual([]);
  });

  it("a plain allow through the runtime loads no built-in that a block does not, and writes nothing", async () => {
    // The runtime as a hook bundle takes it, once with a guardrail that allows, once with one that blocks (which
    // writes the audit log): the allow must load nothing for the audit log and leave the state folder alone.
    const code = `import { runHook, parsePayload, silentAnswer, jsonAnswer, exitTwoAnswer } from ${JSON.stringify(src("index.ts"))};
import { hookStdin, writeAll } from ${JSON.stringify(src("hook/hook-stdio.ts"))};
const adapter = {
  cli: "claude",
  parse: (p) => parsePayload(p, { cli: "claude", events: { PreToolUse: "before-tool" }, tools: { Bash: "shell" } }),
  render: (d) => (d.type === "allow" ? silentAnswer() : jsonAnswer(d)),
  block: exitTwoAnswer,
  notesReachModel: () => true,
};
const before = new Set(process.moduleLoadList);
const type = process.argv[2];
runHook({ guardrail: { name: "g", failure: "closed", decide: () => ({ type, reason: "no" }) }, adapter, stdin: hookStdin() }).then(() => {
  writeAll(1, JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith("NativeModule "))));
});`;
    const dir = tempDir("hookrail-hot-path-");
    const file = await hookBundle(code, dir);
    const payload = JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: "s",
      cwd: dir,
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    const run = (type: string, state: string) =>
      JSON.parse(
        execFileSync(process.execPath, [file, type], {
          input: payload,
          encoding: "utf8",
          env: { PATH: process.env.PATH, HOME: dir, HOOKRAIL_STATE_DIR: join(dir, state) },
        }),
      ) as string[];
    const allowed = run("allow", "allow-state");
    const blocked = run("deny", "deny-state");
    expect(allowed.filter((m) => !blocked.includes(m))).toEqual([]);
    expect(existsSync(join(dir, "allow-state"))).toBe(false);
    expect(readdirSync(join(dir, "deny-state", "audit"))).toHaveLength(1);
  });
});
