// A project holds one copy of each guardrail, however many CLIs run it: `install all --cli all --scope project`
// writes each guardrail's code once, to .hookrail/hooks/<guardrail>/, and a small hook file in the place of the
// bundle in each CLI's folder. Each hook file must answer exactly as that CLI's own bundle does; without the copy, a
// gate's hook blocks in the CLI's form and says how to put it back, doctor names it, update puts it back, and the
// copy goes with the last CLI in the project that runs it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { CLIS } from "@hookrail/clis";
import { bundleFileOf, type CliName, PROJECT_FORM, PROJECT_HOOK_MARK, projectHookFile } from "@hookrail/core";
import { type InstallContext, pluginFolder } from "@hookrail/install-kit";
import { repoRoot, runBundle, tempDir } from "@hookrail/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installContext } from "../src/install/context.ts";
import { installers } from "../src/install/installers.ts";
import { guardrails } from "../src/registry.ts";
import { fakeClaude } from "./_fake-claude.ts";
import { type Home, home } from "./_hookrail.ts";

/** A bundle, in a file of its own or at the end of a hook file. */
const BUNDLE_MARK = /(?:^|\n)\/\/hookrail-bundle /;

/** Every file under `dir` but .git, with its size. */
function files(dir: string): { path: string; size: number }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((p) => !p.split("/").includes(".git"))
    .filter((p) => statSync(join(dir, p)).isFile())
    .map((p) => ({ path: p, size: statSync(join(dir, p)).size }));
}

/** The CLIs whose project installs run the project's copy. */
const sharing = Object.values(installers).filter((i) => i.projectCopy && i.scopes.includes("project"));

let h: Home;
let ctx: InstallContext;
let installOutput = "";

beforeAll(async () => {
  h = home();
  // Claude Code's installer runs its plugin commands; each other CLI counts as present through its own folder.
  fakeClaude(h);
  const user = installContext(h.env, h.repo, "user");
  for (const installer of Object.values(installers))
    for (const dir of installer.homes?.(user).slice(0, 1) ?? []) mkdirSync(dir, { recursive: true });
  const done = await h.hookrail("install", "all", "--cli", "all", "--scope", "project");
  expect(done.code, done.stderr + done.stdout).toBe(0);
  installOutput = done.stdout;
  ctx = installContext(h.env, h.repo, "project");
}, 120_000);

// Made before any test ran, so no test's clean-up removes them.
afterAll(() => {
  // The repository sits in a folder of its own name (test-utils' gitRepo).
  for (const dir of [h.home, dirname(h.repo)]) rmSync(dir, { recursive: true, force: true });
});

/** The guardrails installed for a CLI in the project (a CLI that lacks what one needs refuses it). */
const installedFor = (cli: string) =>
  Object.keys(guardrails).filter((g) => installers[cli]?.status(g, ctx).installed === true);

describe("install all --cli all --scope project", () => {
  it("writes each guardrail's code once, and only small hook files into the CLIs' folders", () => {
    const all = files(h.repo);
    const bundles = all.filter((f) => BUNDLE_MARK.test(readFileSync(join(h.repo, f.path), "utf8")));
    expect(bundles.map((f) => f.path).sort()).toEqual(
      Object.keys(guardrails)
        .map((g) => bundleFileOf(projectHookFile(g)))
        .sort(),
    );
    const total = all.reduce((sum, f) => sum + f.size, 0);
    // A team commits this: 62 installs in 14 CLIs (14.7 MB in 13 of them when each CLI's folder had its bundles).
    expect(total).toBeLessThan(2_000_000);
    for (const cli of sharing) expect(installedFor(cli.cli).length, cli.cli).toBeGreaterThan(0);
  });

  it("in every CLI with a project scope, the hooks run small files, and the installer says it needs the copy", () => {
    for (const installer of Object.values(installers)) {
      if (!installer.scopes.includes("project")) continue;
      const files = installedFor(installer.cli).flatMap((g) => installer.hookFiles?.(g, ctx) ?? []);
      expect(files.length, `${installer.cli}: hook files`).toBeGreaterThan(0);
      for (const file of files) {
        expect(file.startsWith(h.repo), `${installer.cli}: ${file} is not in the project`).toBe(true);
        expect(readFileSync(file, "utf8"), `${installer.cli}: ${file}`).not.toMatch(BUNDLE_MARK);
      }
      expect(installer.projectCopy, `${installer.cli}: projectCopy`).toBe(true);
    }
  });
});

/** A payload the guardrail acts on, in the CLI's shape (the same for both runs). */
function payload(cli: CliName, guardrail: string, cwd: string): Record<string, unknown> {
  const samples = CLIS[cli].samples;
  const context = { cwd, sessionId: "project-copy" };
  if (guardrail === "merge-gate" || guardrail === "command-gates") return samples.shellCall("gh pr merge 12", context);
  if (guardrail === "branch-drift") return samples.fileEdit("README.md", context);
  return samples.sessionStart(context);
}

/** The file in a CLI's project form that stands in for its bundle, relative to the form's folder. */
function stubIn(guardrail: string, cli: string): string {
  const form = join(repoRoot, "plugins", guardrail, PROJECT_FORM, cli);
  const found = readdirSync(form, { recursive: true, encoding: "utf8" }).find(
    (p) => p.endsWith(`${guardrail}.cjs`) && readFileSync(join(form, p), "utf8").includes(PROJECT_HOOK_MARK),
  );
  if (!found) throw new Error(`${form} has no hook file for ${guardrail}`);
  return found;
}

describe("each CLI's hook file in the project", () => {
  const cases = sharing.flatMap((installer) =>
    Object.keys(guardrails).map((g) => [installer.cli, g] as [CliName, string]),
  );
  it.each(cases)("%s, %s: answers as the CLI's own bundle", async (cli, guardrail) => {
    if (!installedFor(cli).includes(guardrail)) return;
    const rel = stubIn(guardrail, cli);
    const [installed] = (installers[cli]?.hookFiles?.(guardrail, ctx) ?? []).filter((f) => f.endsWith(rel));
    expect(installed, `${cli}'s hook files for ${guardrail}`).toBeDefined();
    const own = join(pluginFolder(repoRoot, guardrail, cli), rel);
    const input = JSON.stringify(payload(cli, guardrail, h.repo));
    const run = (file: string) => {
      const state = tempDir("project-copy-state-");
      return runBundle(file, input, {
        cwd: h.repo,
        env: { HOME: state, XDG_CACHE_HOME: join(state, "cache"), XDG_STATE_HOME: join(state, "state") },
      });
    };
    const [viaCopy, viaOwn] = await Promise.all([run(installed as string), run(own)]);
    expect({ exitCode: viaCopy.exitCode, stdout: viaCopy.stdout }).toEqual({
      exitCode: viaOwn.exitCode,
      stdout: viaOwn.stdout,
    });
    if (guardrail === "merge-gate")
      expect(CLIS[cli].samples.describeAnswer(viaCopy).verdict, viaCopy.stdout + viaCopy.stderr).toBe("blocked");
  });
});

describe("Cline's dispatcher in the project", () => {
  it("runs every guardrail bound to the call in its own process, and blocks the merge", async () => {
    const hooks = join(h.repo, ".clinerules", "hooks");
    const bound = installedFor("cline").filter((g) =>
      existsSync(join(hooks, "hookrail", g, "cline.json"))
        ? JSON.stringify(
            JSON.parse(readFileSync(join(hooks, "hookrail", g, "cline.json"), "utf8")).events ?? {},
          ).includes("PreToolUse")
        : false,
    );
    expect(bound.length, `guardrails bound at PreToolUse: ${bound.join(", ")}`).toBeGreaterThan(1);
    // The dispatcher is written once per event, not into each guardrail's folder as well.
    for (const g of bound) expect(existsSync(join(hooks, "hookrail", g, "dispatch")), g).toBe(false);
    // Every node process the dispatcher starts, written down by a preload.
    const log = join(tempDir("project-copy-spawns-"), "spawns.log");
    const preload = join(tempDir("project-copy-preload-"), "spawns.cjs");
    writeFileSync(
      preload,
      `const cp = require("node:child_process"); const spawn = cp.spawn;
cp.spawn = function (file, ...rest) {
  if (file === process.execPath) require("node:fs").appendFileSync(${JSON.stringify(log)}, JSON.stringify(rest[0]) + "\\n");
  return spawn.call(this, file, ...rest);
};\n`,
    );
    const input = JSON.stringify(payload("cline", "merge-gate", h.repo));
    const answer = await runBundle(join(hooks, "PreToolUse"), input, { cwd: h.repo, nodeArgs: ["--require", preload] });
    expect(CLIS.cline.samples.describeAnswer(answer).verdict, answer.stdout).toBe("blocked");
    expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
  });
});

describe("the project's copy of a guardrail", () => {
  it("ignored by git: the install says a clone would lack it, and how to commit it", async () => {
    expect(installOutput).not.toContain("git ignores");
    const other = home();
    other.write(join(other.repo, ".gitignore"), ".hookrail/\n");
    const done = await other.hookrail("install", "merge-gate", "--cli", "codex", "--scope", "project");
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.stdout).toContain(
      "hookrail: git ignores .hookrail/hooks/ here (.gitignore:1:.hookrail/), so a clone would lack the guardrails' code",
    );
    expect(done.stdout).toContain("commit it with git add -f .hookrail/hooks");
  });

  // The copy's hook file, or the bundle's file its loader reads beside it.
  it.each<[string, string, RegExp]>([
    [
      "merge-gate.cjs",
      "its hook file",
      /\.hookrail\/hooks\/merge-gate\/merge-gate\.cjs is missing from this project, npx hookrail update puts it back/,
    ],
    ["merge-gate.bundle", "its bundle's file", /could not start \(the bundle \S+merge-gate\.bundle is missing/],
  ])(
    "%s gone (%s): a gate's hook file blocks and says so, doctor names it once, update puts it back",
    async (name, _what, says) => {
      const gone = join(h.repo, ".hookrail", "hooks", "merge-gate", name);
      const saved = readFileSync(gone);
      rmSync(gone);
      let ran = 0;
      for (const installer of sharing) {
        const [file] = installer.hookFiles?.("merge-gate", ctx) ?? [];
        if (!file || !existsSync(file)) continue;
        const answer = await runBundle(file, JSON.stringify(payload(installer.cli as CliName, "merge-gate", h.repo)), {
          cwd: h.repo,
        });
        const outcome = CLIS[installer.cli as CliName].samples.describeAnswer(answer);
        expect(outcome.verdict, `${installer.cli}: ${answer.stdout}${answer.stderr}`).toBe("blocked");
        expect(answer.stdout + answer.stderr).toMatch(says);
        ran++;
      }
      expect(ran).toBeGreaterThan(5);
      const doctor = await h.hookrail("doctor");
      // One problem, said once for every CLI that runs it.
      const said = (doctor.stdout + doctor.stderr).split("\n").filter((l) => l.includes("the project's copy of it"));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain(
        `merge-gate: its hooks cannot start, nor those of every other CLI that runs merge-gate in this project: the project's copy of it, .hookrail/hooks/merge-gate/${name}, is missing`,
      );
      const update = await h.hookrail("update");
      expect(update.code, update.stdout + update.stderr).toBe(0);
      expect(readFileSync(gone).equals(saved)).toBe(true);
    },
    120_000,
  );

  it("stays while one CLI in the project runs it, and goes with the last", async () => {
    const folder = join(h.repo, ".hookrail", "hooks", "branch-drift");
    const [first, ...rest] = sharing.filter((i) => installedFor(i.cli).includes("branch-drift"));
    expect(first).toBeDefined();
    const one = await h.hookrail("uninstall", "branch-drift", "--cli", first?.cli ?? "", "--scope", "project");
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(existsSync(folder)).toBe(true);
    const all = await h.hookrail("uninstall", "branch-drift", "--cli", "all", "--scope", "project");
    expect(all.code, all.stdout + all.stderr).toBe(0);
    expect(existsSync(folder), relative(h.repo, folder)).toBe(false);
    expect(rest.every((i) => !i.status("branch-drift", ctx).installed)).toBe(true);
    // The other guardrails' copies are still there.
    expect(existsSync(join(h.repo, projectHookFile("merge-gate")))).toBe(true);
  }, 120_000);
});
