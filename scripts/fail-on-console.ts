// stdout belongs to the hook protocol: any test that writes to the console fails.
import { afterEach, beforeEach, vi } from "vitest";

const methods = ["log", "info", "warn", "error", "debug"] as const;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  for (const method of methods) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${method}: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`a test wrote to the console:\n${calls.join("\n")}`);
});
