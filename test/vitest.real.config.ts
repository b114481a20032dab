// The real-CLI conformance cells: pinned CLIs (installed by globalSetup when missing), long
// timeouts, at most two CLI sessions at a time (each CLI run is itself several processes).
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../vitest.shared.ts";

export default defineConfig({
  ...sharedConfig,
  test: {
    ...sharedConfig.test,
    include: ["cells/**/*.test.ts"],
    // The CLIs, then the packed hookrail every guardrail is installed with.
    globalSetup: ["../scripts/tmpdir-guard.ts", "./src/global-setup.ts", "../apps/cli/test/published/pack.ts"],
    reporters: ["default", "./src/cells-reporter.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
