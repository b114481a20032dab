// `hookrail install <g> --cli droid`: the bundle's folder lands next to the scope's hooks.json, the groups go in
// at its top level (Droid ignores a `hooks` wrapper), the installed command blocks a merge the way Droid runs it
// (a shell, FACTORY_PROJECT_DIR set), doctor names what switches Droid's hooks off, and uninstall gives the
// user's file back.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { cliRunsTool, gitRepo, repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { main } from "../src/main.ts";
import { hookrailIn } from "./_hookrail.ts";

const hookrail = hookrailIn;

const USER_HOOKS =
  '{\n  // mine\n  "PostToolUse": [{ "matcher": "Execute", "hooks": [{ "type": "command", "command": "audit.sh" }] }]\n}\n';

describe.each([
  ["user", (home: string, _repo: string) => join(home, ".factory")],
  ["project", (_home: string, repo: string) => join(repo, ".factory")],
])("hookrail install merge-gate --cli droid --scope %s", (scope, base) => {
  it("merges the groups at the top level, and the installed command blocks a merge", async () => {
    const home = tempDir("droid-home-");
    const repo = gitRepo().dir;
    const dir = base(home, repo);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "hooks.json"), USER_HOOKS);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const result = await hookrail(["install", "merge-gate", "--cli", "droid", "--scope", scope], env, repo);
    expect(result.exitCode, result.out).toBe(0);
    expect(result.out).toContain("FACTORY_API_KEY");
    const text = readFileSync(join(dir, "hooks.json"), "utf8");
    expect(text).toContain("// mine");
    const hooks = JSON.parse(text.replace("// mine\n", ""));
    expect(hooks.hooks).toBeUndefined();
    const [group] = hooks.PreToolUse;
    expect(group.matcher).toBe("Execute|Create|Edit|MultiEdit|ApplyPatch");
    expect(existsSync(join(dir, "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    const payload = {
      session_id: "s",
      transcript_path: join(home, "t.jsonl"),
      cwd: repo,
      permission_mode: "auto-low",
      hook_event_name: "PreToolUse",
      tool_name: "Execute",
      tool_input: { summary: "Merge it", command: "gh pr merge 1" },
    };
    const answer = await execa("bash", ["-c", group.hooks[0].command], {
      input: JSON.stringify(payload),
      cwd: repo,
      env: { PATH: process.env.PATH ?? "", HOME: home, FACTORY_PROJECT_DIR: repo, FACTORY_API_KEY: "fk-secret" },
      extendEnv: false,
      reject: false,
    });
    expect(
      cliRunsTool("droid", { exitCode: answer.exitCode ?? -1, stdout: answer.stdout, stderr: answer.stderr }),
    ).toBe(false);
    expect(answer.stdout + answer.stderr).not.toContain("fk-secret");
    expect((await hookrail(["list"], env, repo)).out).toMatch(/droid +(user|project \S+) +merge-gate +\S+ +yes/);

    mkdirSync(join(home, ".factory"), { recursive: true });
    writeFileSync(join(home, ".factory", "settings.json"), '{ "hooks": { "hooksDisabled": true } }');
    const doctor = await hookrail(["doctor"], env, repo);
    expect(doctor.exitCode).toBe(1);
    expect(doctor.out).toMatch(/hooksDisabled is true in .*settings\.json: Droid runs no hook/);

    const removed = await hookrail(["uninstall", "merge-gate", "--cli", "droid", "--scope", scope], env, repo);
    expect(removed.exitCode, removed.out).toBe(0);
    expect(readFileSync(join(dir, "hooks.json"), "utf8")).toBe(USER_HOOKS);
    expect(existsSync(join(dir, "hookrail"))).toBe(false);
  });
});

describe("hookrail doctor, droid", () => {
  it("names hookrail's Claude plugin enabled in Droid (its Bash matcher never matches Execute)", async () => {
    const home = tempDir("droid-home-");
    const repo = gitRepo().dir;
    mkdirSync(join(home, ".factory"), { recursive: true });
    writeFileSync(
      join(home, ".factory", "settings.json"),
      JSON.stringify({ enabledPlugins: { "merge-gate@hookrail": true } }),
    );
    const doctor = await hookrail(["doctor"], { HOME: home, XDG_DATA_HOME: join(home, "data") }, repo);
    expect(doctor.exitCode).toBe(1);
    expect(doctor.out).toContain("whose Bash matcher never matches Droid's Execute");
    expect(doctor.out).toContain("droid plugin uninstall merge-gate@hookrail");
  });

  it("names groups moved into a `hooks` wrapper, which Droid ignores", async () => {
    const home = tempDir("droid-home-");
    const repo = gitRepo().dir;
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    expect((await hookrail(["install", "worktree-check", "--cli", "droid"], env, repo)).exitCode).toBe(0);
    const file = join(home, ".factory", "hooks.json");
    writeFileSync(file, JSON.stringify({ hooks: JSON.parse(readFileSync(file, "utf8")) }));
    const doctor = await hookrail(["doctor"], env, repo);
    expect(doctor.out).toContain(`${file} has worktree-check inside a "hooks" key, which Droid ignores`);
  });
});

describe("a guardrail with nothing to hook into in a CLI", () => {
  it.each([
    ["droid", "hooks.json", "{}\n", "Factory Droid"],
    ["qwen", "hooks/hooks.json", '{ "hooks": {} }\n', "Qwen Code"],
  ])("%s: install refuses it in one line and changes nothing", async (cli, file, empty, title) => {
    const plugins = join(tempDir("plugins-"), "plugins");
    cpSync(join(repoRoot, "plugins", "merge-gate"), join(plugins, "merge-gate"), { recursive: true });
    // The CLI's folder and its project form (what a project install copies).
    writeFileSync(join(plugins, "merge-gate", cli, file), empty);
    writeFileSync(join(plugins, "merge-gate", "project", cli, file), empty);
    const home = tempDir("home-");
    const repo = gitRepo().dir;
    let out = "";
    const exitCode = await main(["install", "merge-gate", "--cli", cli, "--scope", "project"], {
      stdin: Readable.from([]),
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (out += t) },
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_DATA_HOME: join(home, "data"),
        HOOKRAIL_PLUGINS_DIR: plugins,
      },
      cwd: repo,
    });
    expect(exitCode).toBe(1);
    expect(out.trim()).toBe(
      `hookrail: merge-gate has nothing to hook into in ${title} (see its README); nothing was changed`,
    );
    expect(existsSync(join(repo, cli === "qwen" ? ".qwen" : ".factory"))).toBe(false);
  });
});
