// Kilo Code CLI 7.7.7's captured hook arguments (OpenCode's plugin API), as its hookrail plugin sends them, read
// by the adapter; and background_process, the tool Kilo adds for long-running commands.
import { openCodeData } from "@hookrail/core/opencode-plugin";
import { bridgeEnvelope, bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { kiloAdapter } from "../src/index.ts";

const target = { cwd: "/srv/repo" };
const envelope = (hook: string, data: unknown) => bridgeEnvelope(hook, data, target.cwd);
const before = (name: string) => {
  const { input = {}, output } = bridgeFixture("kilo", name, target);
  return kiloAdapter.parse(envelope("tool.execute.before", openCodeData.before(input, output)));
};
const background = (args: Record<string, unknown>) =>
  kiloAdapter.parse(
    envelope("tool.execute.before", { input: { tool: "background_process", callID: "c" }, output: { args } }),
  );

describe("Kilo's hook arguments, read by the adapter", () => {
  it.each([
    ["tool.execute.before.bash", { kind: "shell", command: "gh pr merge 12" }],
    ["tool.execute.before.edit", { kind: "file-edit", filePaths: ["/srv/repo/README.md"] }],
    ["tool.execute.before.write", { kind: "file-write", filePaths: ["/srv/repo/notes.txt"] }],
    ["tool.execute.before.read", { kind: "read-only", filePaths: [] }],
    // An MCP server's tool (<server>_<tool>): the merge gate judges its raw name and arguments.
    [
      "tool.execute.before.github_merge_pull_request",
      {
        kind: "other",
        name: "github_merge_pull_request",
        input: { owner: "acme", repo: "widgets", pullNumber: 12, merge_method: "squash" },
        filePaths: [],
      },
    ],
  ])("%s", (name, tool) => {
    expect(before(name)).toMatchObject({ cli: "kilo", kind: "before-tool", tool });
  });

  it("chat.message: the prompt Kilo stored", () => {
    const { input = {}, output } = bridgeFixture("kilo", "chat.message", target);
    const event = kiloAdapter.parse(envelope("chat.message", openCodeData.message(input, output)));
    expect(event).toMatchObject({ kind: "prompt", prompt: expect.stringContaining("merge PR 12") });
  });

  it("background_process start runs its command; its list, status, logs and stop run none", () => {
    expect(background({ action: "start", command: "gh pr merge 12" })).toMatchObject({
      tool: { kind: "shell", command: "gh pr merge 12" },
    });
    for (const action of ["list", "status", "logs", "stop"])
      expect(background({ action, id: "p1" })).toMatchObject({ tool: { kind: "shell", command: "" } });
  });
});
