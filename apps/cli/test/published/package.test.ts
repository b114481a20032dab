// The packed packages as the registry would serve them: self-contained, and installable alone.
import { readFileSync } from "node:fs";
import { execa } from "execa";
import { describe, expect, inject, it } from "vitest";
import pkg from "../../package.json" with { type: "json" };
import { publicPackages } from "./pack.ts";
import { sandbox } from "./sandbox.ts";

describe("the packed hookrail", () => {
  it("is the only public package, and it has no runtime dependency", () => {
    expect(publicPackages().map((dir) => dir.split("/").slice(-2).join("/"))).toEqual(["apps/cli"]);
    expect(inject("tarballs")).toHaveLength(1);
    const installed = JSON.parse(
      readFileSync(inject("hookrailBin").replace(/bin\/hookrail$/, "lib/node_modules/hookrail/package.json"), "utf8"),
    );
    expect(installed.dependencies ?? {}).toEqual({});
  });

  it("runs from the throwaway prefix: --version, and list with nothing installed", async () => {
    const box = sandbox();
    expect(await box.hookrail("--version")).toMatchObject({ exitCode: 0, stdout: pkg.version });
    expect(await box.hookrail("list")).toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(/^list: no hookrail guardrail is installed; next: hookrail install/),
    });
  });

  it("installs, lists and uninstalls from the files it carries (no clone anywhere)", async () => {
    const box = sandbox();
    const installed = await box.hookrail("install", "all", "--cli", "codex");
    expect(installed.exitCode, installed.stderr).toBe(0);
    // Codex runs its own copy of each bundle: nothing is pointed at the npm prefix.
    expect(box.read(".codex/hooks.json")).not.toContain(inject("hookrailBin").replace(/bin\/hookrail$/, ""));
    const list = await box.hookrail("list");
    for (const g of ["merge-gate", "worktree-check", "branch-drift", "plan-export"])
      expect(list.stdout).toMatch(new RegExp(`codex +user +${g} +${pkg.version.replaceAll(".", "\\.")} +yes`));
    expect(await box.hookrail("uninstall", "all", "--cli", "codex")).toMatchObject({ exitCode: 0 });
    expect((await box.hookrail("list")).stdout).toMatch(/^list: no hookrail guardrail is installed/);
  });

  it("passes npm publish --dry-run (offline, no credentials)", async () => {
    const [tarball] = inject("tarballs");
    const r = await execa("npm", ["publish", "--dry-run", "--offline", tarball ?? ""], {
      reject: false,
      stdin: "ignore",
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`hookrail@${pkg.version}`);
  });
});
