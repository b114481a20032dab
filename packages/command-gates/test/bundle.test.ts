// The shipped command-gates bundles, run as each CLI runs them, with ten gates in the user's config: blocked,
// approved, unknown → blocked, and a plain line answered without the shell analysis.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath, cliRunsTool, hookPayload, runBundle, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { TEN } from "./_gates.ts";
import { claudeTool, shell } from "./_hook.ts";

const CLIS = ["claude", "gemini", "codex", "copilot"];

describe.each(CLIS)("command-gates bundle for %s", (cli) => {
  const file = bundlePath("command-gates", cli);
  const home = tempDir("hookrail-gates-bundle-");
  const config = join(home, "config.json");
  writeFileSync(config, JSON.stringify({ "command-gates": TEN }));
  const send = async (command: string, log?: string) => {
    const { payload, args } = shell(cli, command, home);
    const env = {
      HOME: home,
      HOOKRAIL_CONFIG: config,
      HOOKRAIL_STATE_DIR: join(home, "state"),
      HOOKRAIL_DEBUG_LOG: log,
    };
    return runBundle(file, JSON.stringify(payload), { env, args });
  };
  const analysed = (log: string) =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { message: string; analysed?: string[] })
      .filter((e) => e.message === "gates")
      .map((e) => e.analysed);

  it.each([
    ["npm publish --access public", false],
    ["PUBLISH_APPROVED=1 npm publish --access public", true],
    ["npm $(cat args)", false],
    ["cd infra && INFRA_APPROVED=1 terraform apply", true],
    ["sudo kubectl delete ns prod", false],
    ["git status && ls -la", true],
  ])("%s → runs: %s", async (command, runs) => {
    const answer = await send(command);
    expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(runs);
  });

  it("parses a line only for the gates it could trip, and a plain line for none", async () => {
    const log = join(home, `debug-${cli}.jsonl`);
    await send("git status --short && ls -la src", log);
    await send("npm test", log);
    expect(analysed(log)).toEqual([[], ["publish"]]);
  });
});

// A PowerShell tool's call (Claude Code's PowerShell tool, Copilot CLI's powershell tool on Windows), read as
// PowerShell by the shipped bundle, with the marker in PowerShell's spelling.
describe.each(["claude", "copilot"])("command-gates bundle for %s's PowerShell tool", (cli) => {
  const file = bundlePath("command-gates", cli);
  const home = tempDir("hookrail-gates-ps-");
  const config = join(home, "config.json");
  writeFileSync(config, JSON.stringify({ "command-gates": TEN }));
  const send = (command: string) => {
    const payload =
      cli === "copilot"
        ? { sessionId: "s1", timestamp: 1, cwd: home, toolName: "powershell", toolArgs: { command } }
        : claudeTool("PowerShell", { command, description: "run" }, home);
    const env = { HOME: home, HOOKRAIL_CONFIG: config, HOOKRAIL_STATE_DIR: join(home, "state") };
    return runBundle(file, JSON.stringify(payload), { env, args: cli === "copilot" ? ["preToolUse"] : [] });
  };

  it.each([
    ["foreach ($p in 'web','api') { Push-Location \"packages/$p\"; npm test; Pop-Location }", true],
    ["npm publish", false],
    ["iex 'npm publish'", false],
    ["Start-Process npm -ArgumentList 'publish' -Wait", false],
    ["$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED", true],
    ["PUBLISH_APPROVED=1 npm publish; npm publish", false],
    ["kubectl delete ns prod --dry-run=client", true],
  ])("%s → runs: %s", async (command, runs) => {
    const answer = await send(command);
    expect(cliRunsTool(cli, answer), JSON.stringify(answer)).toBe(runs);
  });

  it("tells the model the marker in PowerShell's spelling", async () => {
    const answer = await send("npm publish");
    expect(`${answer.stdout}${answer.stderr}`).toContain(
      "$env:PUBLISH_APPROVED = 1; npm publish; Remove-Item Env:PUBLISH_APPROVED",
    );
  });
});

// Cursor's beforeMCPExecution: a terminal MCP server's tool whose arguments (a JSON string) carry a command is
// read as that command; the server's own `command` (how Cursor starts it) is not the call's.
describe("command-gates bundle for Cursor's MCP hook", () => {
  const home = tempDir("hookrail-gates-cursor-");
  const config = join(home, "config.json");
  writeFileSync(config, JSON.stringify({ "command-gates": TEN }));
  const env = { HOME: home, HOOKRAIL_CONFIG: config, HOOKRAIL_STATE_DIR: join(home, "state") };

  it.each<[string, Record<string, unknown>, boolean]>([
    ["run_command", { command: "npm publish --access public" }, false],
    ["run_command", { command: "PUBLISH_APPROVED=1 npm publish --access public" }, true],
    ["run_command", { command: "git status" }, true],
    // A server's tool named after the program it runs, given its words.
    ["npm", { args: ["publish", "--access", "public"] }, false],
    ["npm", { args: ["test"] }, true],
    ["get_pull_request", { owner: "o", repo: "r", pullNumber: 12 }, true],
  ])("%s %o runs: %s", async (tool, args, runs) => {
    const payload = hookPayload(
      "cursor",
      "beforeMCPExecution.json",
      { cwd: home, sessionId: "s" },
      {
        tool_name: tool,
        tool_input: JSON.stringify(args),
        command: "npm publish",
      },
    );
    const answer = await runBundle(bundlePath("command-gates", "cursor"), JSON.stringify(payload), { env });
    expect(cliRunsTool("cursor", answer), JSON.stringify(answer)).toBe(runs);
    expect(answer.exitCode).toBe(0);
  });
});
