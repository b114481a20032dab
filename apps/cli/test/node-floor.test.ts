// The package's bin checks the Node it runs on against package.json's `engines` before it loads the command: an
// older Node is told which one the command needs, and nothing runs; the floor's own release and every newer one run
// it. Each Node version is played by a preload that sets process.versions.node (the suite's real-CLI cells run the
// built command on the oldest real release too: cells/suite/oldest-node.test.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain build script without types
import { nodeFloor, starter } from "../scripts/starter.mjs";

const PACKAGE_JSON = readFileSync(new URL("../package.json", import.meta.url), "utf8");

/** The bin written for `floor` beside a stand-in command, run on a Node that says it is `version`. */
function runOn(version: string, floor: number[]) {
  const dir = tempDir("hookrail-starter-");
  writeFileSync(join(dir, "hookrail.mjs"), starter(floor));
  writeFileSync(join(dir, "cli.mjs"), 'process.stdout.write("started " + process.argv.slice(2).join(" ") + "\\n");\n');
  const preload = join(dir, "version.cjs");
  writeFileSync(
    preload,
    `Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${JSON.stringify(version)} } });\n` +
      `Object.defineProperty(process, "version", { value: ${JSON.stringify(`v${version}`)} });\n`,
  );
  return spawnSync(process.execPath, ["--require", preload, join(dir, "hookrail.mjs"), "doctor"], {
    encoding: "utf8",
  });
}

describe("the bin's Node check", () => {
  it("reads the floor from engines", () => {
    expect(nodeFloor(PACKAGE_JSON)).toEqual([18, 18, 0]);
    expect(nodeFloor('{"engines":{"node":">=20"}}')).toEqual([20, 0, 0]);
    expect(nodeFloor('{"engines":{"node":">= 18.18.2"}}')).toEqual([18, 18, 2]);
    expect(() => nodeFloor('{"engines":{"node":"^18 || >=20"}}')).toThrow(/engines.node must read ">=<version>"/);
    expect(() => nodeFloor("{}")).toThrow(/engines.node/);
  });

  it.each(["17.9.1", "18.0.0", "18.17.1", "16.20.2", "10.0.0"])("refuses Node %s, saying which it needs", (version) => {
    const r = runOn(version, [18, 18, 0]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `hookrail: needs Node.js 18.18.0 or newer, and this is v${version} (${process.execPath}): install a newer Node.js (https://nodejs.org), then run the command again\n`,
    );
  });

  it.each(["18.18.0", "18.20.8", "19.0.0", "20.11.1", "24.22.3", "100.0.0"])(
    "runs the command on Node %s",
    (version) => {
      const r = runOn(version, [18, 18, 0]);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toBe("started doctor\n");
    },
  );

  it("checks a patch release too", () => {
    expect(runOn("18.18.1", [18, 18, 2]).status).toBe(1);
    expect(runOn("18.18.2", [18, 18, 2]).stdout).toBe("started doctor\n");
  });

  const built = join(import.meta.dirname, "..", "dist", "hookrail.mjs");
  // A clone that has not built the command yet has no bin to compare: skipped, and said so.
  it.skipIf(!existsSync(built))("is the built bin, which starts the command", () => {
    expect(readFileSync(built, "utf8")).toBe(starter(nodeFloor(PACKAGE_JSON)));
    expect(execFileSync(process.execPath, [built, "--version"], { encoding: "utf8" }).trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
