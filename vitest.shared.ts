// Shared vitest settings: tests run on source (the @hookrail/source condition) and may not write to the console.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const conditions = ["@hookrail/source"];

export const sharedConfig = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    setupFiles: [fileURLToPath(new URL("./scripts/fail-on-console.ts", import.meta.url))],
    testTimeout: 20_000,
  },
});
