// Unit-speed tests of the harness itself (mock servers, proxy trap, socket watch): no CLIs.
import { defineConfig } from "vitest/config";
import { sharedConfig } from "../vitest.shared.ts";

export default defineConfig({
  ...sharedConfig,
  test: { ...sharedConfig.test, include: ["src/**/*.test.ts"] },
});
