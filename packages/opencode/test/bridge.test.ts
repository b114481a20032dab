// OpenCode's captured hook arguments, as its hookrail plugin sends them to the bundle and the adapter reads them.
import type { HookEvent } from "@hookrail/core";
import { openCodeData } from "@hookrail/core/opencode-plugin";
import { bridgeEnvelope, bridgeFixture } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { opencodeAdapter } from "../src/index.ts";

const target = { cwd: "/srv/repo", home: "/home/u" };
const envelope = (hook: string, data: unknown) => bridgeEnvelope(hook, data, target.cwd);
/** A fixture as the plugin sends it: each hook's arguments cut to what the bundle reads. */
function sent(name: string): HookEvent {
  const { input = {}, output, event } = bridgeFixture("opencode", name, target);
  const hook = name.replace(/\.(bash|edit|write|read|github_merge_pull_request)$/, "");
  const data =
    hook === "tool.execute.before"
      ? openCodeData.before(input, output)
      : hook === "tool.execute.after"
        ? openCodeData.after(input, output)
        : hook === "chat.message"
          ? openCodeData.message(input, output)
          : event
            ? { event }
            : { sessionID: input.sessionID };
  return opencodeAdapter.parse(JSON.parse(JSON.stringify(envelope(hook, data))));
}

describe("OpenCode 1.18.33's hook arguments, read by the adapter", () => {
  it.each([
    ["tool.execute.before.bash", { kind: "shell", name: "bash", command: "gh pr merge 12", filePaths: [] }],
    ["tool.execute.before.edit", { kind: "file-edit", name: "edit", filePaths: ["/srv/repo/README.md"] }],
    ["tool.execute.before.write", { kind: "file-write", name: "write", filePaths: ["/srv/repo/notes.txt"] }],
    ["tool.execute.before.read", { kind: "read-only", name: "read", filePaths: [] }],
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
  ])("%s: before the tool", (name, tool) => {
    const event = sent(name);
    expect(event).toMatchObject({ kind: "before-tool", tool, payload: { tool_use_id: expect.any(String) } });
  });

  it("tool.execute.after: the call and what the tool printed", () => {
    const event = sent("tool.execute.after.bash");
    expect(event).toMatchObject({
      kind: "after-tool",
      tool: { kind: "shell", command: "gh pr merge 12" },
      response: "fake gh: pr merge 12\n",
    });
  });

  it("chat.message: the prompt's text, as OpenCode stored it", () => {
    expect(sent("chat.message")).toMatchObject({ kind: "prompt", prompt: '"merge PR 12"' });
  });

  it.each([
    ["event.session.created", "session-start"],
    ["experimental.chat.system.transform", "session-start"],
    ["event.session.idle", "stop"],
    ["event.session.status", "other"],
    ["event.file.edited", "other"],
  ])("%s is a %s event", (name, kind) => {
    expect(sent(name).kind).toBe(kind);
  });
});
