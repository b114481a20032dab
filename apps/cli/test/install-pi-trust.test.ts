// Pi's project trust (0.79 and later skip an untrusted project's .pi/extensions in print, JSON and RPC runs, without
// a word): how hookrail reads Pi's decision, what a project-scope install tells the user, what doctor and the
// session-start check say, and that a user-scope install or a Pi from before trust is left alone.
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sessionStartNotice } from "@hookrail/core";
import { piHasTrust, piProjectTrust } from "@hookrail/pi/install";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { home } from "./_hookrail.ts";

const json = (file: string, value: unknown) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value)}\n`);
};

describe("Pi's decision on a project, read as Pi reads it", () => {
  type Saved = (project: string, parent: string) => Record<string, boolean> | undefined;
  it.each<[string, Saved, string | undefined, string]>([
    ["nothing saved", () => undefined, undefined, "undecided"],
    ["the project trusted", (p) => ({ [p]: true }), undefined, "trusted"],
    ["its parent trusted", (_p, up) => ({ [up]: true }), undefined, "trusted"],
    ["its parent trusted, the project not", (p, up) => ({ [up]: true, [p]: false }), undefined, "distrusted"],
    ["its parent not trusted, the project trusted", (p, up) => ({ [up]: false, [p]: true }), undefined, "trusted"],
    ["another folder trusted", (_p, up) => ({ [join(up, "other")]: true }), undefined, "undecided"],
    ["defaultProjectTrust always", () => undefined, "always", "trusted"],
    ["defaultProjectTrust never", () => undefined, "never", "distrusted"],
    ["defaultProjectTrust ask", () => undefined, "ask", "undecided"],
    ["the project trusted, defaultProjectTrust never", (p) => ({ [p]: true }), "never", "trusted"],
    ["the project not trusted, defaultProjectTrust always", (p) => ({ [p]: false }), "always", "distrusted"],
  ])("%s", (_what, saved, fallback, state) => {
    const root = realpathSync(tempDir("pi-trust-"));
    const agent = join(root, "agent");
    const project = join(root, "work", "repo");
    mkdirSync(project, { recursive: true });
    const decisions = saved(project, dirname(project));
    if (decisions) json(join(agent, "trust.json"), decisions);
    if (fallback) json(join(agent, "settings.json"), { defaultProjectTrust: fallback });
    expect(piProjectTrust(agent, project).state).toBe(state);
  });

  it("a project reached through a symlink is looked up by its real path (Pi saves canonical paths)", () => {
    const root = realpathSync(tempDir("pi-trust-link-"));
    const project = join(root, "repo");
    mkdirSync(project);
    symlinkSync(project, join(root, "link"));
    json(join(root, "agent", "trust.json"), { [project]: true });
    expect(piProjectTrust(join(root, "agent"), join(root, "link")).state).toBe("trusted");
  });

  it.each([
    ["0.73.1", false],
    ["0.78.9", false],
    ["0.79.0", true],
    ["0.99.1", true],
    ["1.6.0", true],
    [undefined, true],
    ["not a version", true],
  ])("Pi %s has project trust: %s", (version, has) => {
    expect(piHasTrust(version)).toBe(has);
  });
});

describe("hookrail install merge-gate --cli pi --scope project", () => {
  const doctorIds = async (h: ReturnType<typeof home>) => {
    const out = await h.hookrail("doctor", "--json");
    const checks = (JSON.parse(out.stdout) as { checks: { id: string; what: string; fix?: string }[] }).checks;
    return checks.filter((c) => c.id.startsWith("pi."));
  };

  it("in a project Pi does not trust yet: the install says the one command, doctor says Pi skips it", async () => {
    const h = home();
    const installed = await h.hookrail("install", "merge-gate", "--cli", "pi", "--scope", "project");
    expect(installed.code, installed.stderr).toBe(0);
    const repo = realpathSync(h.repo);
    expect(installed.stdout).toContain(
      `Pi 0.79 and later load .pi/extensions only in a trusted project, and this one is not yet: run cd "${repo}" && pi once and choose "Trust" (pi -p runs: --approve).`,
    );
    const [problem, ...rest] = await doctorIds(h);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      id: "pi.project.untrusted",
      what: expect.stringContaining(`Pi skips ${repo}/.pi/extensions (hookrail-merge-gate with them)`),
      fix: `run cd "${repo}" && pi and choose "Trust" (or give each pi -p run --approve)`,
    });
    // Trusted the way Pi saves it: doctor is satisfied.
    json(join(h.home, ".pi", "agent", "trust.json"), { [repo]: true });
    expect(await doctorIds(h)).toEqual([expect.objectContaining({ id: "pi.guardrail.ok" })]);
  });

  it("the user's own 'do not trust' is respected, named by doctor and at session start", async () => {
    const h = home();
    const repo = realpathSync(h.repo);
    json(join(h.home, ".pi", "agent", "trust.json"), { [repo]: false });
    const installed = await h.hookrail("install", "merge-gate", "--cli", "pi", "--scope", "project");
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toContain("--cli pi --scope user");
    expect(await doctorIds(h)).toEqual([
      expect.objectContaining({
        id: "pi.project.distrusted",
        what: expect.stringContaining(`trust.json says not to trust ${repo}`),
        fix: expect.stringContaining("npx hookrail install merge-gate --cli pi --scope user"),
      }),
    ]);
    expect(sessionStartNotice(h.env, "pi", "Pi", repo, "pi-session", Date.now())).toBe(
      "hookrail: merge-gate (project scope) will not run in Pi: Pi skips this project's .pi/extensions (hookrail-merge-gate with them): it is saved as not trusted; run `hookrail doctor` for the fix",
    );
  });

  it("a Pi from before project trust (0.73.1 on PATH) loads .pi/extensions as it is: nothing to say", async () => {
    const h = home();
    const pkg = join(h.home, "old-pi", "node_modules", "@mariozechner", "pi-coding-agent");
    json(join(pkg, "package.json"), { name: "@mariozechner/pi-coding-agent", version: "0.73.1" });
    mkdirSync(join(pkg, "dist"));
    writeFileSync(join(pkg, "dist", "cli.js"), "#!/usr/bin/env node\n", { mode: 0o755 });
    symlinkSync(join(pkg, "dist", "cli.js"), join(h.home, "bin", "pi"));
    const installed = await h.hookrail("install", "merge-gate", "--cli", "pi", "--scope", "project");
    expect(installed.stdout).not.toContain("trusted project");
    expect(await doctorIds(h)).toEqual([expect.objectContaining({ id: "pi.guardrail.ok" })]);
  });

  it("a user-scope install does not depend on any project's trust", async () => {
    const h = home();
    const installed = await h.hookrail("install", "merge-gate", "--cli", "pi");
    expect(installed.stdout).not.toContain("trusted project");
    expect(await doctorIds(h)).toEqual([expect.objectContaining({ id: "pi.guardrail.ok" })]);
  });
});
