// Temporary folders that are removed when the test that made them finishes (made while a suite is
// collected, e.g. in a describe's body: when that suite finishes).
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, onTestFinished } from "vitest";

export function tempDir(prefix = "hookrail-test-"): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    try {
      afterAll(remove);
    } catch {
      // Neither in a test nor while a suite is collected (e.g. in beforeAll): the caller cleans up.
    }
  }
  return dir;
}
