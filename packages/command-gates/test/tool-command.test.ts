// The command line a tool call runs: a shell tool's, or the one an MCP server's tool (execute_command,
// run_command, start_process…) carries as a string or as words, with its standard input, folder and language.
import type { ToolCall } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { decideCommandGates } from "../src/decide.ts";
import { toolCommand } from "../src/tool-command.ts";
import { publish } from "./_gates.ts";

const other = (name: string, input: Record<string, unknown>): ToolCall => ({
  kind: "other",
  name,
  input,
  filePaths: [],
});

describe("toolCommand", () => {
  it.each<[string, ToolCall, ReturnType<typeof toolCommand>]>([
    [
      "a shell tool",
      { kind: "shell", name: "Bash", input: {}, command: "npm test", filePaths: [] },
      { line: "npm test" },
    ],
    [
      "a PowerShell tool",
      { kind: "shell", name: "PowerShell", input: {}, command: "npm test", dialect: "powershell", filePaths: [] },
      { line: "npm test", dialect: "powershell" },
    ],
    ["execute_command", other("mcp__desktop__execute_command", { command: "npm publish" }), { line: "npm publish" }],
    [
      "run_command with a folder",
      other("mcp__term__run_command", { command: "npm publish", cwd: "pkg" }),
      { line: "npm publish", workdir: "pkg" },
    ],
    ["argv words", other("mcp__shell__exec", { argv: ["npm", "publish"] }), { line: "npm publish" }],
    [
      "command as words",
      other("shell_execute", { command: ["sh", "-c", "npm publish"] }),
      { line: "sh -c 'npm publish'" },
    ],
    [
      "a program and its args",
      other("mcp__proc__spawn", { cmd: "npm", args: ["publish", "--tag", "a b"] }),
      { line: "npm publish --tag 'a b'" },
    ],
    [
      "a command fed standard input",
      other("mcp__commands__run_command", { command: "bash", stdin: "npm publish" }),
      { line: "bash <<'HOOKRAIL_STDIN'\nnpm publish\nHOOKRAIL_STDIN" },
    ],
    [
      "a PowerShell terminal",
      other("mcp__win__run_powershell", { command: "npm publish" }),
      { line: "npm publish", dialect: "powershell" },
    ],
    [
      "a shell named in the input",
      other("mcp__desktop__start_process", { command: "npm publish", shell: "pwsh.exe" }),
      { line: "npm publish", dialect: "powershell" },
    ],
    [
      "a tool named after its program",
      other("mcp__npm__npm", { args: ["publish", "--tag", "a b"] }),
      { line: "npm publish --tag 'a b'" },
    ],
    [
      "its args as a string",
      other("mcp__tf__terraform_cli", { args: "apply -auto-approve" }),
      { line: "terraform apply -auto-approve" },
    ],
    [
      "the program it is given",
      other("mcp__proc__invoke", { program: "npm", args: ["publish"] }),
      { line: "npm publish" },
    ],
    ["the server's words first (Copilot CLI)", other("npm-mcp-npm", { args: ["publish"] }), { line: "npm publish" }],
    ["a runner's args alone", other("mcp__shell__exec", { args: ["publish"] }), undefined],
    ["a tool of several words", other("mcp__github__list_commits", { args: ["publish"] }), undefined],
    ["no command", other("mcp__github__get_issue", { issue_number: 1 }), undefined],
    ["a command that is not text", other("mcp__notes__append", { command: 3 }), undefined],
    ["a file write", { kind: "file-write", name: "Write", input: {}, filePaths: ["a"] }, undefined],
  ])("%s", (_, tool, expected) => {
    expect(toolCommand(tool)).toEqual(expected);
  });

  it.each([
    [other("mcp__desktop__execute_command", { command: "npm publish" }), "deny"],
    [other("mcp__shell__exec", { argv: ["npx", "-y", "npm@10", "publish"] }), "deny"],
    [other("mcp__commands__run_command", { command: "sh", stdin: "cd pkg\nnpm publish\n" }), "deny"],
    [other("mcp__win__run_powershell", { command: "iex 'npm publish'" }), "deny"],
    [other("mcp__npm__npm", { args: ["publish"] }), "deny"],
    [other("mcp__npm__npm", { args: ["publish", "--dry-run"] }), "allow"],
    [other("mcp__desktop__execute_command", { command: "npm publish --dry-run" }), "allow"],
    [other("mcp__desktop__execute_command", { command: "PUBLISH_APPROVED=1 npm publish" }), "allow"],
    [other("mcp__commands__run_command", { command: "cat", stdin: "npm publish" }), "allow"],
    [other("mcp__win__run_powershell", { command: "foreach ($p in 'a','b') { npm test }" }), "allow"],
  ])("%o → %s", (tool, expected) => {
    const command = toolCommand(tool);
    if (!command) throw new Error("no command");
    const facts = { line: command.line, cwd: "/repo", ...(command.dialect ? { dialect: command.dialect } : {}) };
    expect(decideCommandGates(facts, { gates: [publish] }).decision.type).toBe(expected);
  });
});
