// Temporary folders that are removed when the test that made them finishes.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

export function tempDir(prefix = "hookrail-test-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  try {
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // Outside a running test (e.g. beforeAll) the caller cleans up.
  }
  return dir;
}
