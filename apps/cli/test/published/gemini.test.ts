// The packed hookrail installing into Gemini CLI: user scope through Gemini's own installer (the
// pinned real binary, which must not wait on its folder-trust question), project scope in the
// workspace settings (JSON with comments).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandbox } from "./sandbox.ts";

const WORKSPACE_SETTINGS = `{
  // the team's settings
  "hooks": {
    "AfterTool": [{ "matcher": "*", "hooks": [{ "type": "command", "command": "audit.sh" }] }]
  }
}
`;

describe("hookrail install --cli gemini", () => {
  it("user scope: installs and enables the extension without a prompt; twice is once; uninstall removes it", async () => {
    const box = sandbox(["gemini"]);
    const r = await box.hookrail("install", "merge-gate", "--cli", "gemini");
    expect(r.exitCode, r.stderr).toBe(0);
    const installed = join(box.home, ".gemini", "extensions", "merge-gate");
    expect(existsSync(join(installed, "hooks", "merge-gate.cjs"))).toBe(true);
    expect((await box.hookrail("list")).stdout).toMatch(/gemini +user +merge-gate +\S+ +yes/);
    expect((await box.hookrail("install", "merge-gate", "--cli", "gemini", "--dry-run")).stdout).toContain(
      "(nothing to change)",
    );

    box.write(".gemini/settings.json", '{ "hooksConfig": { "enabled": false } }\n');
    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/hooksConfig\.enabled is false in .*settings\.json: no hook runs/);

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "gemini")).exitCode).toBe(0);
    expect(existsSync(installed)).toBe(false);
  });

  it("project scope: hooks in .gemini/settings.json next to the team's, comments kept; uninstall gives the file back", async () => {
    const box = sandbox(["gemini"]);
    const file = join(box.repo, ".gemini", "settings.json");
    mkdirSync(join(box.repo, ".gemini"));
    writeFileSync(file, WORKSPACE_SETTINGS);
    const r = await box.hookrail("install", "merge-gate", "--cli", "gemini", "--scope", "project");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("only where the user trusts the folder");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("// the team's settings");
    expect(text).toContain('"command": "audit.sh"');
    expect(text).toContain("$GEMINI_PROJECT_DIR/.gemini/hookrail/merge-gate/hooks/merge-gate.cjs");
    expect(existsSync(join(box.repo, ".gemini", "hookrail", "merge-gate", "hooks", "merge-gate.cjs"))).toBe(true);

    const doctor = await box.hookrail("doctor");
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain(`${box.repo} is not a trusted folder`);
    box.write(".gemini/trustedFolders.json", JSON.stringify({ [box.repo]: "TRUST_FOLDER" }));
    expect((await box.hookrail("list")).stdout).toMatch(
      new RegExp(`gemini +project ${box.repo} +merge-gate +\\S+ +yes`),
    );

    expect((await box.hookrail("uninstall", "merge-gate", "--cli", "gemini", "--scope", "project")).exitCode).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(WORKSPACE_SETTINGS);
    expect(existsSync(join(box.repo, ".gemini", "hookrail"))).toBe(false);
  });

  it("refuses workspace settings that are not JSON, naming the file, and writes nothing", async () => {
    const box = sandbox(["gemini"]);
    const file = join(box.repo, ".gemini", "settings.json");
    mkdirSync(join(box.repo, ".gemini"));
    writeFileSync(file, "{ broken");
    const r = await box.hookrail("install", "merge-gate", "--cli", "gemini", "--scope", "project");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${file} is not valid JSON`);
    expect(readFileSync(file, "utf8")).toBe("{ broken");
    expect(existsSync(join(box.repo, ".gemini", "hookrail"))).toBe(false);
  });
});
