// The merge gate's shipped bundles for Qwen Code and Factory Droid, on their captured payloads: each CLI's own
// rules decide whether the call runs. Qwen's run_shell_command may name its folder (`directory`), its empty
// continuation prompts are not the user's, and both CLIs' hook files are the gate's to guard.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, gitRepo, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

const SHELL = { qwen: "PreToolUse.run_shell_command.json", droid: "PreToolUse.Execute.json" } as const;
const WRITE = { qwen: "PreToolUse.write_file.json", droid: "PreToolUse.Create.json" } as const;

function home(approval = "marker") {
  const dir = tempDir("home-");
  mkdirSync(join(dir, "config", "hookrail"), { recursive: true });
  writeFileSync(join(dir, "config", "hookrail", "config.json"), JSON.stringify({ "merge-gate": { approval } }));
  return { HOME: dir, XDG_CONFIG_HOME: join(dir, "config"), PATH: process.env.PATH ?? "" };
}

describe.each(["qwen", "droid"] as const)("merge gate, %s bundle", (cli) => {
  const file = bundlePath("merge-gate", cli);
  const run = (name: string, cwd: string, env: Record<string, string>, fields: Record<string, unknown> = {}) =>
    runBundle(file, JSON.stringify(hookPayload(cli, name, { cwd, sessionId: "s" }, fields)), { env, cwd });
  const shell = (command: string, cwd: string, env: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const base = hookPayload(cli, SHELL[cli], { cwd, sessionId: "s" });
    return run(SHELL[cli], cwd, env, { tool_input: { ...(base.tool_input as object), command, ...extra } });
  };

  it.each([
    ["gh pr merge 12 --squash", false],
    ["MERGE_APPROVED=1 gh pr merge 12", true],
    ["gh api repos/o/r/pulls/12/merge -X PUT", false],
    ['echo "gh pr merge"', true],
  ])("%s runs: %s", async (command, runs) => {
    const answer = await shell(command, gitRepo().dir, home());
    expect(cliRunsTool(cli, answer), answer.stdout + answer.stderr).toBe(runs);
    if (!runs)
      expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecisionReason).toContain("MERGE_APPROVED=1");
  });

  it("blocks the agent's write to the CLI's own hook files, with a shell command or the file tool", async () => {
    const env = home();
    const cwd = gitRepo().dir;
    const hooks = cli === "qwen" ? join(env.HOME, ".qwen", "settings.json") : join(env.HOME, ".factory", "hooks.json");
    // Qwen's hooks sit in its settings file, where a file tool may change anything but them: the write drops them.
    mkdirSync(join(hooks, ".."), { recursive: true });
    writeFileSync(hooks, JSON.stringify(cli === "qwen" ? { hooks: { PreToolUse: [] } } : { PreToolUse: [] }));
    expect(cliRunsTool(cli, await shell(`echo '{}' > ${hooks}`, cwd, env))).toBe(false);
    // Both file tools take `file_path` and `content`.
    const input = { file_path: hooks, content: "{}" };
    expect(cliRunsTool(cli, await run(WRITE[cli], cwd, env, { tool_input: input }))).toBe(false);
  });
});

// A file tool's write of the project's settings: a permission added runs, a hook switch does not.
describe.each([
  ["qwen", ".qwen", '{"tools":{"allowed":["run_shell_command(npm test)"]}}', '{"disableAllHooks":true}'],
  ["droid", ".factory", '{"commandAllowlist":["npm test"]}', '{"hooksDisabled":true}'],
] as const)("merge gate, %s bundle: settings written with the file tool", (cli, dir, permission, off) => {
  it.each([
    [permission, true],
    [off, false],
  ])("%s runs: %s", async (content, runs) => {
    const cwd = gitRepo().dir;
    mkdirSync(join(cwd, dir));
    const path = join(cwd, dir, "settings.json");
    writeFileSync(path, '{"hooks":{}}');
    const input = { file_path: path, content: JSON.stringify({ hooks: {}, ...JSON.parse(content) }) };
    const payload = hookPayload(cli, WRITE[cli], { cwd, sessionId: "s" }, { tool_input: input });
    const answer = await runBundle(bundlePath("merge-gate", cli), JSON.stringify(payload), { env: home(), cwd });
    expect(cliRunsTool(cli, answer), answer.stdout + answer.stderr).toBe(runs);
  });
});

describe("merge gate, qwen bundle", () => {
  const file = bundlePath("merge-gate", "qwen");

  it("judges a push in the folder run_shell_command names, not the session's", async () => {
    const session = gitRepo();
    session.git("switch", "-q", "-c", "feature");
    const other = gitRepo();
    const payload = (directory?: string) => {
      const base = hookPayload("qwen", SHELL.qwen, { cwd: session.dir, sessionId: "s" });
      const input = { command: "git push origin HEAD", description: "push", ...(directory ? { directory } : {}) };
      return JSON.stringify({ ...base, tool_input: input });
    };
    const env = home();
    expect(cliRunsTool("qwen", await runBundle(file, payload(), { env, cwd: session.dir }))).toBe(true);
    // The other checkout is on main: that push lands on a protected branch.
    const there = await runBundle(file, payload(other.dir), { env, cwd: session.dir });
    expect(cliRunsTool("qwen", there), there.stdout).toBe(false);
  });

  it("approval mode user: Qwen's empty prompt before each turn after tool results keeps the user's approval", async () => {
    const env = home("user");
    const cwd = gitRepo().dir;
    const prompt = (text: string) =>
      runBundle(
        file,
        JSON.stringify(hookPayload("qwen", "UserPromptSubmit.json", { cwd, sessionId: "s" }, { prompt: text })),
        {
          env,
          cwd,
        },
      );
    const merge = async () => {
      const base = hookPayload("qwen", SHELL.qwen, { cwd, sessionId: "s" });
      const payload = { ...base, tool_input: { command: "MERGE_APPROVED=1 gh pr merge 12", description: "merge" } };
      return cliRunsTool("qwen", await runBundle(file, JSON.stringify(payload), { env, cwd }));
    };
    expect((await prompt("approve merge 12")).exitCode).toBe(0);
    expect((await prompt("")).stdout).toBe("");
    expect(await merge()).toBe(true);
    expect(await merge()).toBe(false);
  });
});
