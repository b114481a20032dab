// A guardrail's bundle gone from where the CLI runs it: each command-hook CLI's shipped hook command, run as that
// CLI runs it (its shell, its variables, a payload it sends), must still answer. A gate's tool hook blocks in the
// form that CLI honours (cli-rules.ts, from measurements), naming the guardrail, the file and `npx hookrail
// update`; a hook that does not block says nothing and lets the call run (Antigravity CLI: an explicit allow, as
// agy holds a tool for review when PreToolUse answers nothing).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseToml } from "@hookrail/install-kit";
import { cliRunsTool, repoRoot, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";

interface Setup {
  /** The shell the CLI runs a command with. */
  shell: string[];
  /** The shipped file holding the commands, relative to plugins/<guardrail>/<cli>/. */
  file: string;
  /** The before-tool event's command in that file's text. */
  gate(text: string, guardrail: string): string;
  /** The command's text once the CLI has put in its own values, and the environment it runs with. */
  place(command: string, root: string, guardrail: string): { command: string; env: Record<string, string> };
  /** Where the command looks for the bundle under `root`. */
  bundle(root: string, guardrail: string): string;
  /** A payload the CLI sends the before-tool hook (relative to packages/<cli>/test/fixtures). */
  payload: string;
}

type Groups = Record<string, { hooks: { command: string }[] }[]>;
const firstOf = (groups: Groups | undefined, event: string) => groups?.[event]?.[0]?.hooks[0]?.command ?? "";
const ROOT = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");

const SETUPS: Record<string, Setup> = {
  claude: {
    shell: ["sh", "-c"],
    file: "hooks/hooks.json",
    gate: (t) => firstOf(JSON.parse(t).hooks, "PreToolUse"),
    place: (command, root) => ({ command, env: { CLAUDE_PLUGIN_ROOT: root } }),
    bundle: (root, g) => join(root, "hooks", `${g}.cjs`),
    payload: "PreToolUse.Bash.json",
  },
  gemini: {
    shell: ["bash", "-c"],
    file: "hooks/hooks.json",
    gate: (t) => firstOf(JSON.parse(t).hooks, "BeforeTool"),
    // Gemini CLI writes the extension's folder into the command before it runs it.
    place: (command, root) => ({ command: command.replaceAll(["$", "{extensionPath}"].join(""), root), env: {} }),
    bundle: (root, g) => join(root, "hooks", `${g}.cjs`),
    payload: "BeforeTool.json",
  },
  qwen: {
    shell: ["bash", "-c"],
    file: "hooks/hooks.json",
    gate: (t) => firstOf(JSON.parse(t).hooks, "PreToolUse"),
    place: (command, root) => ({ command: command.replaceAll(ROOT, root), env: {} }),
    bundle: (root, g) => join(root, "hooks", `${g}.cjs`),
    payload: "PreToolUse.run_shell_command.json",
  },
  droid: {
    shell: ["bash", "-c"],
    file: "hooks.json",
    gate: (t) => firstOf(JSON.parse(t), "PreToolUse"),
    place: (command, root) => ({ command, env: { HOME: root } }),
    bundle: (root, g) => join(root, ".factory", "hookrail", g, `${g}.cjs`),
    payload: "PreToolUse.Execute.json",
  },
  kimi: {
    shell: ["/bin/sh", "-c"],
    file: "hooks.toml",
    gate: (t) =>
      (parseToml(t, "hooks.toml").value.hooks as { event: string; command: string }[]).find(
        (h) => h.event === "PreToolUse",
      )?.command ?? "",
    // The scope's dispatcher runs the guardrail whose folder says it is there (kimi.json) but whose bundle has gone.
    place: (command, root, g) => {
      const shipped = join(repoRoot, "plugins", g, "kimi");
      mkdirSync(join(root, "hookrail", g), { recursive: true });
      copyFileSync(join(shipped, "dispatch.cjs"), join(root, "hookrail", "dispatch.cjs"));
      copyFileSync(join(shipped, "kimi.json"), join(root, "hookrail", g, "kimi.json"));
      return { command, env: { KIMI_CODE_HOME: root } };
    },
    bundle: (root, g) => join(root, "hookrail", g, `${g}.cjs`),
    payload: "PreToolUse.Bash.json",
  },
  codex: {
    shell: ["bash", "-lc"],
    file: "hooks.json",
    gate: (t) => firstOf(JSON.parse(t).hooks, "PreToolUse"),
    place: (command, root) => ({ command, env: { CODEX_HOME: root } }),
    bundle: (root, g) => join(root, "hookrail", g, `${g}.cjs`),
    payload: "PreToolUse.json",
  },
  copilot: {
    shell: ["bash", "-c"],
    file: "hookrail-GUARDRAIL.json",
    gate: (t) => JSON.parse(t).hooks.preToolUse?.[0]?.bash ?? "",
    place: (command, root) => ({ command, env: { COPILOT_HOOK_DIR: root } }),
    bundle: (root, g) => join(root, `hookrail-${g}`, `${g}.cjs`),
    payload: "copilot-format/preToolUse-bash.json",
  },
  cursor: {
    shell: ["sh", "-c"],
    file: "hooks.json",
    gate: (t) => {
      const hooks = JSON.parse(t).hooks as Record<string, { command: string }[]>;
      return (hooks.beforeShellExecution ?? hooks.preToolUse)?.[0]?.command ?? "";
    },
    place: (command, root) => ({ command, env: { CURSOR_PROJECT_DIR: root } }),
    bundle: (root, g) => join(root, ".cursor", "hookrail", g, `${g}.cjs`),
    payload: "beforeShellExecution.json",
  },
  antigravity: {
    shell: ["sh", "-c"],
    file: "hooks.json",
    gate: (t, g) => JSON.parse(t)[`hookrail-${g}`]?.PreToolUse?.[0]?.hooks[0]?.command ?? "",
    // agy runs a workspace's hooks in the workspace root.
    place: (command) => ({ command, env: {} }),
    bundle: (root, g) => join(root, ".agents", "hookrail", g, `${g}.cjs`),
    payload: "PreToolUse.run_command.json",
  },
};

function shipped(cli: string, guardrail: string): string | undefined {
  const setup = SETUPS[cli] as Setup;
  const file = join(repoRoot, "plugins", guardrail, cli, setup.file.replace("GUARDRAIL", guardrail));
  return existsSync(file) ? setup.gate(readFileSync(file, "utf8"), guardrail) : undefined;
}

function payloadOf(cli: string): string {
  const dir = join(repoRoot, "packages", cli, "test", "fixtures");
  const file = join(dir, (SETUPS[cli] as Setup).payload);
  if (existsSync(file)) return readFileSync(file, "utf8");
  throw new Error(`no payload fixture ${file}`);
}

/** The command run as the CLI runs it, in an empty folder: no bundle where it looks. */
function runMissing(cli: string, guardrail: string) {
  const setup = SETUPS[cli] as Setup;
  const root = tempDir(`hookrail-missing-${cli}-`);
  const { command, env } = setup.place(shipped(cli, guardrail) ?? "", root, guardrail);
  const [shell, ...flags] = setup.shell;
  try {
    const stdout = execFileSync(shell as string, [...flags, command], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: root, ...env },
      input: payloadOf(cli),
      encoding: "utf8",
      stdio: ["pipe", "pipe", "pipe"],
    });
    return { root, answer: { exitCode: 0, stdout, stderr: "" } };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { root, answer: { exitCode: e.status, stdout: e.stdout, stderr: e.stderr } };
  }
}

const reason = (g: string, file: string) =>
  `${g}: blocked because its hook file ${file} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`;

describe("a gate whose bundle is missing never fails open", () => {
  it.each(Object.keys(SETUPS))("%s: the merge gate's tool hook blocks in the CLI's own form, naming the fix", (cli) => {
    const command = shipped(cli, "merge-gate");
    expect(command, "no shipped before-tool command").toMatch(/^node -e '/);
    const { root, answer } = runMissing(cli, "merge-gate");
    expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(false);
    const said = `${answer.stdout}${answer.stderr}`;
    expect(said).toContain(
      JSON.stringify(reason("merge-gate", (SETUPS[cli] as Setup).bundle(root, "merge-gate"))).slice(1, -1),
    );
  });

  it.each(Object.keys(SETUPS).filter((cli) => shipped(cli, "branch-drift") !== undefined))(
    "%s: an advisory guardrail's tool hook lets the call run and says nothing",
    (cli) => {
      const { answer } = runMissing(cli, "branch-drift");
      expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(true);
      expect(answer.stderr).toBe("");
      if (cli === "antigravity") expect(JSON.parse(answer.stdout)).toEqual({ decision: "allow" });
      else expect(answer.stdout).toBe("");
    },
  );
});
