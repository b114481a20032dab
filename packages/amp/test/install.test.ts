// Where Amp's installer puts hookrail's plugin per scope, and the symbolic link Amp refuses a plugin behind.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InstallContext, Scope } from "@hookrail/install-kit";
import { repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { ampInstaller } from "../src/install/index.ts";

function context(scope: Scope, env: NodeJS.ProcessEnv = {}): InstallContext {
  const root = tempDir("amp-install-");
  return {
    env,
    home: join(root, "home"),
    project: join(root, "project"),
    scope,
    bundles: { version: "0.0.0", source: repoRoot, root: repoRoot },
    system: { root: "/", prefix: "/opt/hookrail" },
    read: () => null,
  };
}

const targets = (ctx: InstallContext) =>
  ampInstaller.install("merge-gate", ctx).map((c) => ("to" in c ? c.to : "path" in c ? c.path : ""));

describe("Amp's installer", () => {
  it.each([
    [
      "user scope: ~/.config/amp/plugins",
      "user" as Scope,
      {},
      (c: InstallContext) => join(c.home, ".config", "amp", "plugins"),
    ],
    [
      "user scope under XDG_CONFIG_HOME",
      "user" as Scope,
      { XDG_CONFIG_HOME: "/srv/xdg" },
      () => "/srv/xdg/amp/plugins",
    ],
    [
      "project scope: <project>/.amp/plugins",
      "project" as Scope,
      {},
      (c: InstallContext) => join(c.project, ".amp", "plugins"),
    ],
  ])("%s", (_what, scope, env, dir) => {
    const ctx = context(scope, env);
    expect(targets(ctx)).toEqual([join(dir(ctx), "hookrail-merge-gate")]);
  });

  it("says when the plugins folder is a symbolic link, which Amp refuses a plugin behind", () => {
    const ctx = context("project");
    const real = join(ctx.project, "elsewhere");
    mkdirSync(join(real, "hookrail-merge-gate"), { recursive: true });
    writeFileSync(join(real, "hookrail-merge-gate", "index.js"), "");
    mkdirSync(join(ctx.project, ".amp"), { recursive: true });
    symlinkSync(real, join(ctx.project, ".amp", "plugins"));
    const status = ampInstaller.status("merge-gate", ctx);
    expect(status.installed).toBe(true);
    expect(status.problems).toContainEqual(
      expect.objectContaining({ problem: expect.stringContaining("is a symbolic link: Amp does not load") }),
    );
  });
});
