// `hookrail install <g> --cli opencode|kilo|pi|amp`: the plugin (and a gate's guard) and its bundle's folder land in
// the scope's plugins folder, the installed plugin loads and blocks a merge the way the CLI calls it, doctor
// names what would make the CLI skip it, uninstall takes it all away, and a guardrail with no moment in a CLI
// is refused in one line.
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { hookrailIn } from "./_hookrail.ts";

const hookrail = hookrailIn;

type Place = (home: string, project: string) => string;
const CASES: [string, string, Place, string[]][] = [
  ["opencode", "user", (h) => join(h, ".config", "opencode", "plugins"), [".js", ".guard.js", ""]],
  ["opencode", "project", (_h, p) => join(p, ".opencode", "plugins"), [".js", ".guard.js", ""]],
  ["kilo", "user", (h) => join(h, ".config", "kilo", "plugins"), [".js", ".guard.js", ""]],
  ["kilo", "project", (_h, p) => join(p, ".kilo", "plugins"), [".js", ".guard.js", ""]],
  ["pi", "user", (h) => join(h, ".pi", "agent", "extensions"), [""]],
  ["pi", "project", (_h, p) => join(p, ".pi", "extensions"), [""]],
  ["amp", "user", (h) => join(h, ".config", "amp", "plugins"), [""]],
  ["amp", "project", (_h, p) => join(p, ".amp", "plugins"), [""]],
];

describe.each(CASES)("hookrail install merge-gate --cli %s --scope %s", (cli, scope, place, entries) => {
  it("copies the plugin and its bundle, which block a merge; uninstall takes them away", async () => {
    const home = tempDir(`${cli}-home-`);
    const project = tempDir(`${cli}-project-`);
    const env = { HOME: home };
    const installed = await hookrail(["install", "merge-gate", "--cli", cli, "--scope", scope], env, project);
    expect(installed.exitCode, installed.out).toBe(0);
    const dir = place(home, project);
    expect(readdirSync(dir).sort()).toEqual(entries.map((e) => `hookrail-merge-gate${e}`).sort());
    const plugin = join(dir, cli === "pi" || cli === "amp" ? "hookrail-merge-gate/index.js" : "hookrail-merge-gate.js");
    const module = (await import(pathToFileURL(plugin).href)) as Record<string, unknown>;
    const call = { command: "gh pr merge 1" };
    if (cli === "pi") {
      const on = new Map<string, (e: unknown, c: unknown) => Promise<unknown>>();
      (module.default as (pi: unknown) => void)({ on: (e: string, h: never) => on.set(e, h) });
      const answer = await on.get("tool_call")?.({ toolName: "bash", toolCallId: "c", input: call }, { cwd: project });
      expect(answer).toMatchObject({ block: true, reason: expect.stringContaining("merge-gate") });
      await on.get("session_shutdown")?.({ reason: "quit" }, { cwd: project });
    } else if (cli === "amp") {
      const on = new Map<string, (e: unknown, c: unknown) => Promise<unknown>>();
      const disposers: (() => void)[] = [];
      (module.default as (amp: unknown) => void)({
        on: (e: string, h: never) => on.set(e, h),
        onDispose: (d: () => void) => disposers.push(d),
        system: { workspaceRoot: { toString: () => pathToFileURL(project).href } },
      });
      const answer = await on.get("tool.call")?.({ tool: "Bash", toolUseID: "c", input: { cmd: call.command } }, {});
      expect(answer).toMatchObject({ action: "reject-and-continue", message: expect.stringContaining("merge-gate") });
      for (const dispose of disposers) dispose();
    } else {
      const hooks = await (
        (module.default as { server: unknown }).server as (
          ctx: unknown,
        ) => Promise<Record<string, (input: unknown, output: unknown) => Promise<void>>>
      )({
        directory: project,
      });
      await expect(hooks["tool.execute.before"]?.({ tool: "bash", callID: "c" }, { args: call })).rejects.toThrow(
        /merge-gate/,
      );
      await hooks.event?.({ event: { type: "server.instance.disposed" } }, undefined);
    }
    // Pi loads a project's extensions once the project is trusted (as Pi saves it when the user says "Trust").
    if (cli === "pi" && scope === "project") {
      mkdirSync(join(home, ".pi", "agent"), { recursive: true });
      writeFileSync(join(home, ".pi", "agent", "trust.json"), `${JSON.stringify({ [realpathSync(project)]: true })}\n`);
    }
    const doctor = await hookrail(["doctor"], env, project);
    expect(doctor.out).toMatch(
      new RegExp(`${cli} ${scope === "project" ? "project .*" : "user "}merge-gate: installed.*will run`),
    );
    const removed = await hookrail(["uninstall", "merge-gate", "--cli", cli, "--scope", scope], env, project);
    expect(removed.exitCode, removed.out).toBe(0);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});

describe("what doctor says about a bridge CLI's plugin", () => {
  const doctorOf = async (cli: string, env: Record<string, string>, change?: (home: string) => void) => {
    const home = tempDir(`${cli}-doctor-`);
    const project = tempDir(`${cli}-doctor-project-`);
    const installed = await hookrail(["install", "merge-gate", "--cli", cli], { HOME: home }, project);
    expect(installed.exitCode, installed.out).toBe(0);
    change?.(home);
    return (await hookrail(["doctor"], { HOME: home, ...env }, project)).out;
  };

  it.each([
    ["opencode", { OPENCODE_PURE: "1" }, /OPENCODE_PURE=1 is set here: OpenCode loads no external plugin/],
    ["kilo", { KILO_PURE: "1" }, /KILO_PURE=1 is set here: Kilo loads no external plugin/],
    ["opencode", { PATH: "/nonexistent" }, /no node on PATH: OpenCode runs plugins in its own runtime/],
  ])("%s with %j", async (cli, env, said) => {
    expect(await doctorOf(cli, env)).toMatch(said);
  });

  it("an edited plugin, which OpenCode would skip without a word", async () => {
    const out = await doctorOf("opencode", {}, (home) =>
      writeFileSync(join(home, ".config", "opencode", "plugins", "hookrail-merge-gate.js"), "export const x = ;\n"),
    );
    expect(out).toMatch(/hookrail-merge-gate\.js differs from the one hookrail .* ships \(OpenCode skips a plugin/);
  });

  // The line OpenCode 1.18.33 and Kilo 7.7.7 write when a plugin's set-up throws (measured with the real binaries).
  const failedLine = (at: string, plugin: string) =>
    `timestamp=${at} level=ERROR run=2decbeaf message="failed to load plugin" path=${pathToFileURL(plugin).href} error="set-up \\"failed\\" here"\n`;

  it.each(["opencode", "kilo"])("a plugin %s's log says it failed to load, after it was installed", async (cli) => {
    let logged = "";
    const out = await doctorOf(cli, {}, (home) => {
      const plugin = join(home, ".config", cli, "plugins", "hookrail-merge-gate.js");
      const log = join(home, ".local", "share", cli, "log");
      mkdirSync(log, { recursive: true });
      const later = new Date(Date.now() + 60_000).toISOString();
      logged = join(log, "opencode.log");
      writeFileSync(
        logged,
        failedLine("2020-01-01T00:00:00.000Z", plugin) + // before the install: says nothing of this file
          failedLine(later, join(home, "elsewhere.js")) + // another plugin
          failedLine(later, plugin),
      );
    });
    const short = cli === "opencode" ? "OpenCode" : "Kilo";
    expect(out).toContain(`${short} could not load `);
    expect(out).toContain(`hookrail-merge-gate.js (its log ${logged} says, at `);
    expect(out).toContain(`: set-up "failed" here), so it runs without it`);
    expect(out.match(/could not load/g)).toHaveLength(1);
  });

  it("a failed load logged before the plugin was installed is not named", async () => {
    const out = await doctorOf("opencode", {}, (home) => {
      const plugin = join(home, ".config", "opencode", "plugins", "hookrail-merge-gate.js");
      const log = join(home, ".local", "share", "opencode", "log");
      mkdirSync(log, { recursive: true });
      writeFileSync(join(log, "opencode.log"), failedLine("2020-01-01T00:00:00.000Z", plugin));
    });
    expect(out).not.toContain("could not load");
  });

  it("Pi settings that leave the extension out", async () => {
    const out = await doctorOf("pi", {}, (home) => {
      mkdirSync(join(home, ".pi", "agent"), { recursive: true });
      writeFileSync(join(home, ".pi", "agent", "settings.json"), '{ "extensions": ["!extensions/hookrail-*/**"] }\n');
    });
    expect(out).toMatch(/settings\.json leaves hookrail-merge-gate out of Pi's extensions/);
  });
});

describe("a guardrail with no moment in a CLI", () => {
  it("is refused in one line when named, and skipped with that line for --cli all", async () => {
    const home = tempDir("pi-refuse-");
    const refused = await hookrail(["install", "plan-export", "--cli", "pi"], { HOME: home }, home);
    expect(refused.exitCode).toBe(1);
    expect(refused.out.trim()).toBe(
      "hookrail: plan-export cannot run in Pi: Pi has no plan mode, so plan-export never sees a plan approved there",
    );
    const all = await hookrail(["install", "all", "--cli", "pi", "--dry-run"], { HOME: home }, home);
    expect(all.exitCode, all.out).toBe(0);
    expect(all.out).toContain("hookrail: skipped plan-export for Pi: Pi has no plan mode");
    expect(all.out).toContain("# Pi: install merge-gate (user scope)");
    const amp = await hookrail(["install", "plan-export", "--cli", "amp"], { HOME: home }, home);
    expect(amp.exitCode).toBe(1);
    expect(amp.out.trim()).toBe(
      "hookrail: plan-export cannot run in Amp: Amp has no plan mode (no plan tool, no plan to approve), so plan-export never sees a plan approved there",
    );
  });
});
