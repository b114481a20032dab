import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "../../vitest.shared.ts";

// Two projects: the unit tests, and the tests of the packed package (packed once per run, and only
// when one of its files is selected).
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      projects: [
        { extends: true, test: { name: "unit", exclude: ["test/published/**", "**/node_modules/**"] } },
        {
          extends: true,
          test: {
            name: "published",
            include: ["test/published/**/*.test.ts"],
            exclude: ["test/*.test.ts", "src/**", "**/node_modules/**"],
            globalSetup: ["test/published/pack.ts"],
            testTimeout: 180_000,
            hookTimeout: 300_000,
          },
        },
      ],
    },
  }),
);
