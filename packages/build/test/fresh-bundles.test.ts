import { rmSync } from "node:fs";
import { join } from "node:path";
import { assertFresh, repoRoot, tempDir } from "@hookrail/test-utils";
import { afterAll, describe, expect, it } from "vitest";
import { buildGuardrailFiles, findGuardrails, staleFiles, writeFiles } from "../src/index.ts";

describe("a committed bundle is checked against a fresh build of its sources", async () => {
  const [guardrail] = (await findGuardrails(repoRoot)).filter((g) => g.manifest.name === "branch-drift");
  if (!guardrail) throw new Error("branch-drift is not a guardrail package");
  const root = tempDir("fresh-bundles-");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  writeFiles(root, await buildGuardrailFiles(guardrail), [join("plugins", "branch-drift")]);

  // Each builds a guardrail for every CLI: on a loaded two-core machine that takes longer than a unit test.
  it("finds nothing stale when the sources are the ones built", { timeout: 120_000 }, async () => {
    expect(await staleFiles(root, [guardrail])).toEqual([]);
  });

  it("names the bundle whose source changed, and bundlePath's check refuses it", { timeout: 120_000 }, async () => {
    const original = guardrail.entries.claude;
    if (typeof original === "string") throw new Error("the build writes each CLI's entry itself");
    const entry = { ...original, contents: `${original.contents}process.exitCode = 3;\n` };
    const edited = { ...guardrail, entries: { ...guardrail.entries, claude: entry } };
    const stale = await staleFiles(root, [edited]);
    // The loader names its build, so both its file and the bundle's change.
    expect(stale).toEqual([
      "plugins/branch-drift/claude/hooks/branch-drift.cjs",
      "plugins/branch-drift/claude/hooks/branch-drift.bundle",
    ]);
    expect(() => assertFresh(stale[0] ?? "", stale)).toThrow(
      "plugins/branch-drift/claude/hooks/branch-drift.cjs is stale: run npm run build",
    );
  });

  it("refuses a bundle when no freshness check ran", () => {
    expect(() => assertFresh("plugins/x/claude/x.cjs", undefined)).toThrow("freshness unknown");
  });
});
