// Every hook bundle that runs in Cline, and every project's copy of a guardrail, carries Cline's adapter. The
// dispatcher's text (dispatcher-source.ts, about 10 KB) is written to disk by the installer and never runs from a
// bundle: the shipped bundles must not carry it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { bundlePath } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { DISPATCHER_SOURCE } from "../src/index.ts";

// A line only the dispatcher has: its answer-combining function.
const dispatcherLine = "function combine(results, payload)";

describe("Cline's adapter in the shipped bundles", () => {
  const bundle = bundlePath("merge-gate", "cline");

  it("is the line the test looks for in the dispatcher, which the shipped folder holds beside the bundle", () => {
    expect(DISPATCHER_SOURCE).toContain(dispatcherLine);
    expect(readFileSync(join(dirname(bundle), "dispatch"), "utf8")).toContain(dispatcherLine);
  });

  it("leaves the dispatcher's text out of the bundle that carries the adapter", () => {
    const text = readFileSync(bundle, "utf8");
    expect(text).toContain("hookrailRefuse");
    expect(text).not.toContain(dispatcherLine);
  });
});
