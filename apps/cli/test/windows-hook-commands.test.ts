// The hook commands hookrail writes, run the way each CLI runs them on Windows (simulated step by step with
// Windows' rules, _windows.ts): which file node starts, with which arguments. What only a Windows machine can
// prove is listed in docs/cli-differences.md ("Windows").
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, win32 } from "node:path";
import { parseToml } from "@hookrail/install-kit";
import { commandsOf } from "@hookrail/shell";
import { cliRunsTool, hookEnv, hookPayload, repoRoot, tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { home } from "./_hookrail.ts";
import {
  cmdSlashC,
  msvcArgv,
  nodeEvalOnWindows,
  powershellArg,
  powershellLegacyArg,
  rustCommandLine,
} from "./_windows.ts";

const ROOT_VAR = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");
const COMSPEC = "C:\\WINDOWS\\system32\\cmd.exe";
// Profiles with spaces and with characters cmd.exe and PowerShell treat as syntax.
const PROFILES = ["C:\\Users\\Jane Doe", "C:\\Users\\Tom & Jerry (admin) 100%", "D:\\профиль\\o'brien"];

type Handler = { command: string; commandWindows?: string };
const handlersOf = (text: string): Handler[] =>
  Object.values(JSON.parse(text).hooks as Record<string, { hooks: Handler[] }[]>).flatMap((groups) =>
    groups.flatMap((g) => g.hooks),
  );

/** What Codex on Windows starts for a handler: `%COMSPEC% /C <commandWindows>` through Rust's quoting. */
function codexOnWindows(handler: Handler, machine: Parameters<typeof nodeEvalOnWindows>[1]) {
  const line = rustCommandLine(COMSPEC, ["/C", handler.commandWindows ?? handler.command]);
  const argv = msvcArgv(cmdSlashC(line, machine.env));
  return { argv, loaded: argv[1] === "-e" ? nodeEvalOnWindows(argv[2] ?? "", machine) : [] };
}

describe("Windows helpers follow the documented rules", () => {
  it.each([
    // Microsoft's "Parsing C command-line arguments" table.
    ['"a b c" d e', ["a b c", "d", "e"]],
    ['"ab\\"c" "\\\\" d', ['ab"c', "\\", "d"]],
    ['a\\\\\\b d"e f"g h', ["a\\\\\\b", "de fg", "h"]],
    ['a\\\\\\"b c d', ['a\\"b', "c", "d"]],
    ['a\\\\\\\\"b c" d e', ["a\\\\b c", "d", "e"]],
    ['a"b"" c d', ['ab" c d']],
  ])("the C runtime splits %s", (args, expected) => {
    expect(msvcArgv(`prog ${args}`).slice(1)).toEqual(expected);
  });

  it("Rust's and PowerShell's quoting give back each argument", () => {
    const args = ["plain", "two words", 'a "quoted" word', "trailing\\", "C:\\dir with space\\", "", 'x\\"y'];
    expect(msvcArgv(rustCommandLine("C:\\p.exe", args))).toEqual(["C:\\p.exe", ...args]);
    expect(msvcArgv(["node", ...args.map(powershellArg)].join(" "))).toEqual(["node", ...args]);
  });

  it.each([
    ['"C:\\cmd.exe" /C "node -e x()"', "node -e x()", ""],
    ['"C:\\cmd.exe" /C node -e "a b" & c', "", "operator"],
    ['"C:\\cmd.exe" /C node -e "a & b"', 'node -e "a & b"', ""],
    ['"C:\\cmd.exe" /C echo %USERNAME%', "echo jane", ""],
    ['"C:\\cmd.exe" /C "node script.js"', "", "executable file"],
  ])("cmd /C runs %s", (line, runs, error) => {
    if (error) expect(() => cmdSlashC(line, { username: "jane" })).toThrow(error);
    else expect(cmdSlashC(line, { username: "jane" })).toBe(runs);
  });
});

describe("Codex on Windows: commandWindows under cmd.exe /C starts the installed bundle", () => {
  it.each(PROFILES)("user scope, profile %s, with and without CODEX_HOME", async (profile) => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "branch-drift", "--cli", "codex")).code).toBe(0);
    const handlers = handlersOf(h.read(".codex/hooks.json"));
    expect(handlers.length).toBeGreaterThan(2);
    for (const handler of handlers) {
      const guardrail = /hookrail\/([\w-]+)\//.exec(handler.command)?.[1] ?? "";
      const file = `${guardrail}.cjs`;
      const plain = codexOnWindows(handler, { env: {}, home: profile });
      expect(plain.argv.slice(0, 2)).toEqual(["node", "-e"]);
      expect(plain.argv).toHaveLength(3);
      expect(plain.loaded).toEqual([win32.join(profile, ".codex", "hookrail", guardrail, file)]);
      const codexHome = `${profile}\\codex home`;
      const moved = codexOnWindows(handler, { env: { CODEX_HOME: codexHome }, home: profile });
      expect(moved.loaded).toEqual([win32.join(codexHome, "hookrail", guardrail, file)]);
    }
  });

  it("project scope finds <repository>/.codex through git", async () => {
    const h = home();
    const r = await h.hookrail("install", "merge-gate", "--cli", "codex", "--scope", "project");
    expect(r.code).toBe(0);
    const top = "C:\\Users\\Jane Doe\\src\\my app (2)";
    for (const handler of handlersOf(readFileSync(join(h.repo, ".codex", "hooks.json"), "utf8"))) {
      const { loaded } = codexOnWindows(handler, { env: {}, home: "C:\\Users\\Jane Doe", gitTopLevel: top });
      expect(loaded).toEqual([win32.join(top, ".codex", "hookrail", "merge-gate", "merge-gate.cjs")]);
    }
  });

  it("node -e <that code> runs the bundle and its answer blocks a merge (here, with this machine's paths)", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    const [handler] = handlersOf(h.read(".codex/hooks.json"));
    const { argv } = codexOnWindows(handler as Handler, { env: {}, home: "C:\\Users\\Jane Doe" });
    const payload = hookPayload("codex", "PreToolUse.json", { cwd: h.repo, sessionId: "s-win" });
    const input = JSON.stringify({ ...payload, tool_input: { command: "gh pr merge 12" } });
    const env = { ...hookEnv(), CODEX_HOME: join(h.home, ".codex") };
    const answer = await execa(process.execPath, argv.slice(1), { input, env, cwd: h.repo, reject: false });
    expect(cliRunsTool("codex", { ...answer, exitCode: answer.exitCode ?? -1 })).toBe(false);
    expect(`${answer.stdout}${answer.stderr}`).toContain("merge-gate");
  });
});

describe("Codex on Windows: commandWindows with the bundle deleted", () => {
  it("the gate's tool hook blocks with exit 2 and the reason; its other hooks say nothing", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    const hooks = JSON.parse(h.read(".codex/hooks.json")).hooks as Record<string, { hooks: Handler[] }[]>;
    const codexHome = tempDir("hookrail-codex-home-");
    const file = join(codexHome, "hookrail", "merge-gate", "merge-gate.cjs");
    for (const [event, groups] of Object.entries(hooks)) {
      const handler = groups[0]?.hooks[0] as Handler;
      const { argv } = codexOnWindows(handler, { env: {}, home: "C:\\Users\\Jane Doe" });
      expect(argv.slice(0, 2)).toEqual(["node", "-e"]);
      const payload = hookPayload("codex", "PreToolUse.json", { cwd: h.repo, sessionId: "s-win" });
      const env = { ...hookEnv(), CODEX_HOME: codexHome };
      const answer = await execa(process.execPath, argv.slice(1), {
        input: JSON.stringify(payload),
        env,
        cwd: h.repo,
        reject: false,
      });
      if (event === "PreToolUse") {
        expect(cliRunsTool("codex", { ...answer, exitCode: answer.exitCode ?? -1 })).toBe(false);
        expect(answer.stderr).toBe(
          `merge-gate: blocked because its hook file ${file} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
        );
      } else expect({ event, code: answer.exitCode, err: answer.stderr }).toEqual({ event, code: 0, err: "" });
    }
  });
});

describe("Codex on Windows, --scope managed: requirements.toml's commandWindows runs the managed copy", () => {
  it.each(["/opt/hookrail", "/opt/hook rail & co (100%)", "/srv/привет/o'brien"])("prefix %s", async (prefix) => {
    const h = home();
    const root = tempDir("hookrail-system-");
    h.env.HOOKRAIL_SYSTEM_ROOT = root;
    const r = await h.hookrail("install", "merge-gate", "--cli", "codex", "--scope", "managed", "--prefix", prefix);
    expect(r.code, r.stderr).toBe(0);
    const file = join(root, "etc", "codex", "requirements.toml");
    const hooks = parseToml(readFileSync(file, "utf8"), file).value.hooks as Record<string, unknown>;
    const handlers = Object.values(hooks)
      .filter(Array.isArray)
      .flatMap((groups: { hooks: Handler[] }[]) => groups.flatMap((g) => g.hooks));
    expect(handlers.length).toBeGreaterThan(1);
    for (const handler of handlers) {
      expect(handler.commandWindows).toBeDefined();
      const { argv, loaded } = codexOnWindows(handler, { env: {}, home: "C:\\Users\\Jane Doe" });
      expect(argv).toHaveLength(3);
      expect(loaded).toEqual([`${prefix}/codex/merge-gate/merge-gate.cjs`]);
    }
  });
});

/** The argv node gets from a native call PowerShell makes, in both argument-passing modes. */
function throughPowershell(argv: readonly (string | null)[]): string[][] {
  const words = argv.map((a) => {
    if (a === null) throw new Error(`a word known only at run time in ${argv.join(" ")}`);
    return a;
  });
  return [powershellArg, powershellLegacyArg].map((quote) => msvcArgv(words.map(quote).join(" ")));
}

const powershellCommands = (line: string, cwd: string) =>
  commandsOf(line, { approvalVariable: "MERGE_APPROVED", mentions: /./, dialect: "powershell", cwd }).commands;

describe("Copilot CLI on Windows: the powershell command starts the bundle next to its hook file", () => {
  const repo = "C:\\Users\\Jane Doe\\src\\my app";
  it.each(["user", "project"] as const)("%s scope", async (scope) => {
    const h = home();
    const r = await h.hookrail("install", "merge-gate", "--cli", "copilot", "--scope", scope);
    expect(r.code).toBe(0);
    const folder = scope === "user" ? join(h.home, ".copilot", "hooks") : join(h.repo, ".github", "hooks");
    const hooks = JSON.parse(readFileSync(join(folder, "hookrail-merge-gate.json"), "utf8")).hooks as Record<
      string,
      { powershell: string }[]
    >;
    const hookDir = scope === "user" ? "C:\\Users\\Jane Doe\\.copilot\\hooks" : `${repo}\\.github\\hooks`;
    const bundle = (dir: string) => win32.join(dir, "hookrail-merge-gate", "merge-gate.cjs");
    expect(Object.keys(hooks).length).toBeGreaterThan(0);
    for (const [event, [entry]] of Object.entries(hooks)) {
      const line = entry?.powershell ?? "";
      // Copilot sets COPILOT_HOOK_DIR to the hook file's folder; written here as the assignment PowerShell sees.
      const set = powershellCommands(`$env:COPILOT_HOOK_DIR = '${hookDir}'; ${line}`, repo);
      const unset = powershellCommands(line, repo);
      // The reader does not evaluate `if (-not $d)`: each course is listed. With the variable set, one course
      // names its folder; unset, the other names the repository's .github/hooks (resolved from the root).
      // node gets the loader (`node -e <loader> <file> <event>`), which runs the file as `node <file> <event>` would.
      const loader = /node -e '([^']*)' /.exec(line)?.[1] ?? "no loader";
      const started = (cmds: typeof set) =>
        cmds
          .filter((c) => c.argv.every((a) => a !== null))
          .flatMap((c) => throughPowershell(c.argv))
          .map(([node, e, code, file, ...args]) => [node, e, code, win32.resolve(repo, file ?? ""), ...args]);
      expect(set.every((c) => c.name === "node")).toBe(true);
      expect(started(set)).toContainEqual(["node", "-e", loader, bundle(hookDir), event]);
      expect(started(unset)).toContainEqual(["node", "-e", loader, bundle(`${repo}\\.github\\hooks`), event]);
      expect(line.trim().endsWith("exit $LASTEXITCODE")).toBe(true);
      // That argv with no bundle where it points: the gate's preToolUse denies in Copilot's form, naming the fix;
      // the other events say nothing.
      const [, e = "", code = ""] = started(set)[0] ?? [];
      const missing = tempDir("hookrail-ps-missing-");
      const answer = await execa(process.execPath, [e, code, join(missing, "merge-gate.cjs"), event], {
        input: "{}",
        reject: false,
      });
      if (event === "preToolUse") {
        expect(cliRunsTool("copilot", { ...answer, exitCode: answer.exitCode ?? -1 })).toBe(false);
        expect(JSON.parse(answer.stdout).permissionDecisionReason).toBe(
          `merge-gate: blocked because its hook file ${join(missing, "merge-gate.cjs")} is missing, so nothing was checked. Run npx hookrail update to put it back, then retry.`,
        );
      } else
        expect({ code: answer.exitCode, out: answer.stdout, err: answer.stderr }).toEqual({
          code: 0,
          out: "",
          err: "",
        });
    }
  });
});

/** The loader a command hands `node -e` (between its single quotes: it holds none itself). */
const loaderOf = (command: string) => /^node -e '([^']*)' /.exec(command)?.[1] ?? "no loader";

const CLAUDE_GUARDRAILS = readdirSync(join(repoRoot, "plugins")).filter((g) => {
  try {
    return readFileSync(join(repoRoot, "plugins", g, "claude", "hooks", "hooks.json"), "utf8") !== "";
  } catch {
    return false;
  }
});

describe("Claude Code on Windows: the plugin's command under PowerShell and under Git Bash", () => {
  const roots = PROFILES.map((p) => `${p}\\.claude\\plugins\\cache\\hookrail\\g\\0.1.0`);
  const cases = CLAUDE_GUARDRAILS.flatMap((g) => roots.map((root) => [g, root] as const));
  const commandsOf = (g: string) =>
    handlersOf(readFileSync(join(repoRoot, "plugins", g, "claude", "hooks", "hooks.json"), "utf8")).map(
      (h) => h.command,
    );

  it.each(cases)("%s under PowerShell, root %s", (guardrail, root) => {
    for (const command of commandsOf(guardrail)) {
      // Claude Code 2.1.332 rewrites ${CLAUDE_PLUGIN_ROOT} to ${env:CLAUDE_PLUGIN_ROOT} for PowerShell and
      // passes the root with its backslashes.
      const line = command.replaceAll(ROOT_VAR, ["$", "{env:CLAUDE_PLUGIN_ROOT}"].join(""));
      const cmds = powershellCommands(`$env:CLAUDE_PLUGIN_ROOT = '${root.replaceAll("'", "''")}'; ${line}`, "C:\\r");
      expect(cmds).toHaveLength(1);
      for (const [node, e, code, file, ...args] of throughPowershell(cmds[0]?.argv ?? [])) {
        expect([node, e, code, win32.resolve("C:\\r", file ?? ""), ...args]).toEqual([
          "node",
          "-e",
          loaderOf(command),
          win32.join(root, "hooks", `${guardrail}.cjs`),
        ]);
      }
    }
  });

  // Real bash stands in for Git Bash; `node` is a function that prints the words it gets.
  const bashArgv = (command: string, env: Record<string, string>) =>
    execFileSync("bash", ["-c", `node() { printf '%s\\0' "$@"; }; ${command}`], {
      env: { PATH: process.env.PATH ?? "", ...env },
      encoding: "utf8",
    })
      .split("\0")
      .slice(0, -1);

  it.each(cases)("%s under Git Bash, root %s", (guardrail, root) => {
    for (const command of commandsOf(guardrail)) {
      const expected = win32.join(root, "hooks", `${guardrail}.cjs`);
      // 2.1.332: the root in the environment, its backslashes turned into slashes.
      const args = bashArgv(command, { CLAUDE_PLUGIN_ROOT: root.replaceAll("\\", "/") });
      expect(args.map((a, i) => (i === 2 ? win32.resolve("C:\\r", a) : a))).toEqual([
        "-e",
        loaderOf(command),
        expected,
      ]);
      // Older versions put the root into the command's text as it is: the double quotes keep its backslashes.
      const text = bashArgv(command.replaceAll(ROOT_VAR, root), {});
      expect(text.map((a, i) => (i === 2 ? win32.resolve("C:\\r", a) : a))).toEqual([
        "-e",
        loaderOf(command),
        expected,
      ]);
    }
  });
});
