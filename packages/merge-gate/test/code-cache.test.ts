// The shipped file's loader: it stores V8's code cache after the first run and uses it afterwards; a
// corrupt or unwritable cache only costs the compile, never the answer.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const input = JSON.stringify({
  session_id: "s",
  cwd: "/",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "gh pr merge 1" },
});
const file = bundlePath("merge-gate", "claude");
const blocks = async (env: Record<string, string>) => {
  const answer = await runBundle(file, input, { env: { PATH: process.env.PATH ?? "", ...env } });
  expect(answer.stderr).toBe("");
  return !cliRunsTool("claude", answer);
};

describe("the hook file's code cache", () => {
  it("is written on the first run and used on the next, with the same answer", async () => {
    const cache = tempDir();
    expect(await blocks({ HOOKRAIL_CACHE_DIR: cache, HOME: tempDir() })).toBe(true);
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^merge-gate-[0-9a-f]{16}-${process.version}-${process.arch}\\.bin$`));
    expect(await blocks({ HOOKRAIL_CACHE_DIR: cache, HOME: tempDir() })).toBe(true);
  });

  it("ignores a corrupt cache file and replaces it", async () => {
    const cache = tempDir();
    await blocks({ HOOKRAIL_CACHE_DIR: cache, HOME: tempDir() });
    const [name] = readdirSync(cache);
    writeFileSync(join(cache, name ?? "x"), "not a code cache");
    expect(await blocks({ HOOKRAIL_CACHE_DIR: cache, HOME: tempDir() })).toBe(true);
    expect(readdirSync(cache)).toEqual([name]);
  });

  it("still answers when the cache folder cannot be written", async () => {
    // A folder below a regular file cannot be created, whoever runs the test (root ignores permissions).
    const notAFolder = join(tempDir(), "file");
    writeFileSync(notAFolder, "");
    expect(await blocks({ HOOKRAIL_CACHE_DIR: join(notAFolder, "v8"), HOME: tempDir() })).toBe(true);
  });
});
