// A project's .codex/hooks.json: its commands are made for the project's folder by the packaging's own handler,
// and the bytes are the ones the shipped file gave with its folder strings replaced (Codex's trust hash reads
// them), for every guardrail hookrail ships.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type InstallContext, mergeGroups, parseJsonc, readText } from "@hookrail/install-kit";
import { gitRepo, repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { CODEX_DIRS } from "../../src/index.ts";
import { codexInstaller } from "../../src/install/index.ts";

const guardrails = readdirSync(join(repoRoot, "plugins")).filter((g) =>
  readdirSync(join(repoRoot, "plugins", g)).includes("codex"),
);

function projectContext(): InstallContext {
  const home = tempDir("codex-home-");
  return {
    env: { HOME: home },
    home,
    project: gitRepo().dir,
    scope: "project",
    bundles: { version: "0.0.0", source: repoRoot, root: repoRoot },
    system: { root: "/", prefix: "/opt/hookrail" },
    read: readText,
  };
}

/** The project's groups as the installer made them before: the shipped text, its folder strings replaced. */
function replaced(guardrail: string) {
  const file = join(repoRoot, "plugins", guardrail, "codex", "hooks.json");
  const text = readFileSync(file, "utf8")
    .replaceAll(CODEX_DIRS.user.posix, CODEX_DIRS.project.posix)
    .replaceAll(CODEX_DIRS.user.windows, CODEX_DIRS.project.windows);
  return parseJsonc(text, file).hooks as Parameters<typeof mergeGroups>[3];
}

describe("Codex project hooks.json", () => {
  it("covers the shipped guardrails, a gate among them", () => {
    expect(guardrails).toContain("merge-gate");
    expect(guardrails.length).toBeGreaterThan(1);
  });

  it.each(guardrails)("%s: the same bytes as the shipped file with its folder replaced", (guardrail) => {
    const ctx = projectContext();
    const hooksFile = join(ctx.project, ".codex", "hooks.json");
    const change = codexInstaller.install(guardrail, ctx).find((c) => c.kind === "file" && c.path === hooksFile);
    const after = change?.kind === "file" ? change.after : undefined;
    expect(after).toBe(mergeGroups(null, hooksFile, guardrail, replaced(guardrail)));
    expect(after).toContain(CODEX_DIRS.project.posix);
    expect(after).toContain(JSON.stringify(CODEX_DIRS.project.windows).slice(1, -1));
    expect(after).not.toContain(CODEX_DIRS.user.posix);
  });
});
