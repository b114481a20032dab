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

  it("does not list new, which works only in a clone, and says where it works when asked for it", async () => {
    const box = sandbox();
    const help = await box.hookrail("--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^ {2}log /m);
    expect(help.stdout).not.toMatch(/^ {2}new /m);
    const made = await box.hookrail("new", "publish-gate");
    expect(made.exitCode).toBe(1);
    expect(made.stderr).toMatch(
      /^hookrail: hookrail new works in a clone of the hookrail repository, .*git clone https:\/\/github\.com\/hookrail\/hookrail/,
    );
  });

  it("demo ends with commands a user of the package can run: npx hookrail, not a clone's file", async () => {
    const demo = await sandbox().hookrail("demo");
    expect(demo.exitCode, demo.stderr).toBe(0);
    expect(demo.stdout).toContain("\n  npx hookrail try merge-gate --cli claude -- 'gh pr merge 12'\n");
    expect(demo.stdout).toMatch(/your own sessions: npx hookrail log$/);
    expect(demo.stdout).not.toContain("apps/cli");
  });

  it("try and explain answer with their exit codes; log reads the audit log the hooks wrote", async () => {
    const box = sandbox();
    expect((await box.hookrail("try", "merge-gate", "--", "gh pr merge 12")).exitCode).toBe(3);
    expect((await box.hookrail("explain", "merge-gate", "--", "git status")).exitCode).toBe(0);
    const payload = JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: "packed-session",
      cwd: box.repo,
      tool_name: "Bash",
      tool_input: { command: "gh pr merge 7" },
    });
    const run = await execa(inject("hookrailBin"), ["run", "merge-gate", "--cli", "claude"], {
      input: payload,
      cwd: box.repo,
      env: box.env,
      extendEnv: false,
      reject: false,
    });
    expect(run.exitCode).toBe(0);
    const log = await box.hookrail("log", "--json");
    expect(JSON.parse(log.stdout)).toMatchObject([{ cli: "claude", session: "packed-session", decision: "block" }]);
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
