// `hookrail install <g> --cli auggie`: the bundle's folder lands next to the scope's settings.json, the groups go
// under its "hooks" with the user's keys and comments kept, the installed command blocks a merge the way Auggie
// runs it (`bash -c`, AUGMENT_PROJECT_DIR set, the payload without session_id or cwd), doctor names a
// featureFlagOverrides that turns Auggie's hooks off, worktree-check is refused, and uninstall gives the file back.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cliRunsTool, gitRepo, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { hookrailIn as hookrail } from "./_hookrail.ts";

const USER_SETTINGS = '{\n  // mine\n  "model": "sonnet",\n  "removedTools": ["web-fetch"]\n}\n';

describe.each([
  ["user", (home: string, _repo: string) => join(home, ".augment")],
  ["project", (_home: string, repo: string) => join(repo, ".augment")],
])("hookrail install merge-gate --cli auggie --scope %s", (scope, base) => {
  it("merges the groups under hooks, and the installed command blocks a merge", async () => {
    const home = tempDir("auggie-home-");
    const repo = gitRepo().dir;
    const dir = base(home, repo);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "settings.json"), USER_SETTINGS);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const result = await hookrail(["install", "merge-gate", "--cli", "auggie", "--scope", scope], env, repo);
    expect(result.exitCode, result.out).toBe(0);
    expect(result.out).toContain("enableHooks");
    const text = readFileSync(join(dir, "settings.json"), "utf8");
    expect(text).toContain("// mine");
    const settings = JSON.parse(text.replace("// mine\n", ""));
    expect(settings.model).toBe("sonnet");
    const [group, mcp] = settings.hooks.PreToolUse;
    expect([group.matcher, mcp.matcher]).toEqual([
      "^(?:launch-process|save-file|str-replace-editor|apply_patch|remove-files)$",
      "mcp:.*",
    ]);
    expect(group.hooks[0].command).toContain(scope === "user" ? "$HOME/.augment/hookrail/" : "$AUGMENT_PROJECT_DIR/");
    expect(existsSync(join(dir, "hookrail", "merge-gate", "merge-gate.cjs"))).toBe(true);
    const payload = {
      hook_event_name: "PreToolUse",
      conversation_id: "c1",
      workspace_roots: [repo],
      tool_name: "launch-process",
      tool_input: { command: "gh pr merge 1", wait: true, cwd: "." },
      tool_output: "[undefined]",
      tool_error: null,
      is_mcp_tool: false,
    };
    const answer = await execa("bash", ["-c", group.hooks[0].command], {
      input: JSON.stringify(payload),
      cwd: repo,
      env: { PATH: process.env.PATH ?? "", HOME: home, AUGMENT_PROJECT_DIR: repo },
      extendEnv: false,
      reject: false,
    });
    const seen = { exitCode: answer.exitCode ?? -1, stdout: answer.stdout, stderr: answer.stderr };
    expect(cliRunsTool("auggie", seen), answer.stderr).toBe(false);
    expect((await hookrail(["list"], env, repo)).out).toMatch(/auggie +(user|project \S+) +merge-gate +\S+ +yes/);

    // A workspace's own settings.local.json turns Auggie's hooks flag off.
    mkdirSync(join(repo, ".augment"), { recursive: true });
    const local = join(repo, ".augment", "settings.local.json");
    writeFileSync(local, '{ "featureFlagOverrides": { "enableHooks": false } }\n');
    const doctor = await hookrail(["doctor"], env, repo);
    expect(doctor.exitCode).toBe(1);
    expect(doctor.out).toContain(`featureFlagOverrides turns enableHooks off in ${local}: Auggie runs no hook`);

    const removed = await hookrail(["uninstall", "merge-gate", "--cli", "auggie", "--scope", scope], env, repo);
    expect(removed.exitCode, removed.out).toBe(0);
    expect(readFileSync(join(dir, "settings.json"), "utf8")).toBe(USER_SETTINGS);
    expect(existsSync(join(dir, "hookrail"))).toBe(false);
  });
});

describe("several guardrails in Auggie", () => {
  it("share the dispatcher's groups, one per event and kind of tool; each goes on its own; an older install's groups go", async () => {
    const home = tempDir("auggie-home-");
    const repo = gitRepo().dir;
    const dir = join(home, ".augment");
    mkdirSync(join(dir, "hookrail", "merge-gate"), { recursive: true });
    // An older hookrail's own group for the merge gate, beside the user's own.
    const older = {
      matcher: "^(?:launch-process)$",
      hooks: [{ type: "command", command: 'node "$HOME/.augment/hookrail/merge-gate/merge-gate.cjs"', timeout: 10000 }],
    };
    const mine = { matcher: "view", hooks: [{ type: "command", command: "echo mine", timeout: 1000 }] };
    const before = `${JSON.stringify({ model: "sonnet", hooks: { PreToolUse: [mine, older] } }, null, 2)}\n`;
    writeFileSync(join(dir, "settings.json"), before);
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    const read = () => JSON.parse(readFileSync(join(dir, "settings.json"), "utf8"));
    const commands = (hooks: Record<string, { hooks: { command: string }[] }[]>) =>
      Object.values(hooks).flatMap((groups) => groups.map((g) => g.hooks[0]?.command ?? ""));
    const installed = await hookrail(
      ["install", "merge-gate,command-gates,branch-drift", "--cli", "auggie"],
      env,
      repo,
    );
    expect(installed.exitCode, installed.out).toBe(0);
    expect(installed.out).not.toContain("still to fix");
    const hooks = read().hooks;
    expect(hooks.PreToolUse[0]).toEqual(mine);
    // Every other group runs the dispatcher; before a tool, one for Auggie's tools and one for MCP tools.
    const ours = commands(hooks).filter((c) => c !== "echo mine");
    expect(
      ours.every((c) => c.includes('"$HOME/.augment/hookrail/dispatch.cjs"')),
      ours.join("\n"),
    ).toBe(true);
    expect(hooks.PreToolUse.slice(1).map((g: { matcher: string }) => g.matcher.startsWith("mcp:"))).toEqual([
      false,
      true,
    ]);
    expect(Object.values(hooks).every((groups) => (groups as unknown[]).length <= 3)).toBe(true);
    expect((await hookrail(["list"], env, repo)).out.match(/ yes/g)).toHaveLength(3);
    expect((await hookrail(["doctor"], env, repo)).out).not.toMatch(/FIX/);

    // Removing one rewrites the groups for the two left; the last leaves the file as the user's own.
    expect((await hookrail(["uninstall", "branch-drift", "--cli", "auggie"], env, repo)).exitCode).toBe(0);
    expect(read().hooks.PostToolUse).toBeUndefined();
    expect((await hookrail(["list"], env, repo)).out.match(/ yes/g)).toHaveLength(2);
    expect((await hookrail(["uninstall", "all", "--cli", "auggie"], env, repo)).exitCode).toBe(0);
    expect(read()).toEqual({ model: "sonnet", hooks: { PreToolUse: [mine] } });
    expect(existsSync(join(dir, "hookrail"))).toBe(false);
  });

  it("doctor names hookrail's groups edited away, and the dispatcher gone", async () => {
    const home = tempDir("auggie-home-");
    const repo = gitRepo().dir;
    const env = { HOME: home, XDG_DATA_HOME: join(home, "data") };
    expect((await hookrail(["install", "merge-gate,command-gates", "--cli", "auggie"], env, repo)).exitCode).toBe(0);
    const file = join(home, ".augment", "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8"));
    settings.hooks.PreToolUse.pop();
    writeFileSync(file, JSON.stringify(settings));
    const changed = await hookrail(["doctor"], env, repo);
    expect(changed.exitCode).toBe(1);
    expect(changed.out).toContain(`hookrail's groups in ${file} are not the ones hookrail`);
    expect((await hookrail(["install", "merge-gate", "--cli", "auggie"], env, repo)).exitCode).toBe(0);
    expect((await hookrail(["doctor"], env, repo)).out).not.toMatch(/FIX/);
    rmSync(join(home, ".augment", "hookrail", "dispatch.cjs"));
    const gone = await hookrail(["doctor"], env, repo);
    expect(gone.out).toContain("dispatch.cjs, which runs every hookrail guardrail in Auggie, has gone");
  });
});

describe("hookrail install worktree-check --cli auggie", () => {
  it("refuses in one line: Auggie drops what a SessionStart hook answers", async () => {
    const home = tempDir("auggie-home-");
    const repo = gitRepo().dir;
    const result = await hookrail(["install", "worktree-check", "--cli", "auggie"], { HOME: home }, repo);
    expect(result.exitCode).toBe(1);
    expect(result.out).toMatch(/Auggie drops what a SessionStart hook answers/);
    expect(existsSync(join(home, ".augment"))).toBe(false);
  });
});
