// Shared vitest settings: tests run on source (the @hookrail/source condition), may not write to the console,
// refuse to run a committed bundle that is older than its source (vitest.bundles.ts), and must leave $TMPDIR
// as they found it (scripts/tmpdir-guard.ts), and run hermetic: each test file and each test has a HOME and XDG
// folders of its own, and no child process outlives its test (scripts/hermetic.ts).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const conditions = ["@hookrail/source"];

export const sharedConfig = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: [
      // First, so that every other set-up and every test works inside the run's own $TMPDIR.
      fileURLToPath(new URL("./scripts/tmpdir-guard.ts", import.meta.url)),
      fileURLToPath(new URL("./vitest.bundles.ts", import.meta.url)),
    ],
    setupFiles: [
      fileURLToPath(new URL("./scripts/hermetic.ts", import.meta.url)),
      fileURLToPath(new URL("./scripts/fail-on-console.ts", import.meta.url)),
    ],
    testTimeout: 20_000,
    // Set-up hooks start real hook processes and git; on a loaded two-core machine they take seconds.
    hookTimeout: 60_000,
  },
});
