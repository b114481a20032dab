// A binding's "mcp": the hooks a CLI is given for MCP tools (a matcher group of their own; a bridge plugin called for
// every tool but the CLI's own unwatched ones), and which calls the plugin and its guard then hand on.
import { describe, expect, it } from "vitest";
import { wantsTool } from "../src/bridge/bridge-host.ts";
import { openCodeGuardSource } from "../src/bridge/opencode-plugin.ts";
import {
  type BindingTool,
  type BridgeDialect,
  type BridgeSettings,
  bridgeHooks,
  type GuardrailManifest,
  nativeHooks,
  type PayloadDialect,
} from "../src/index.ts";

const manifest = (...bindings: GuardrailManifest["bindings"]): GuardrailManifest => ({
  name: "probe",
  version: "0.0.0",
  description: "",
  bindings,
  bundle: "probe.cjs",
  timeoutSeconds: 10,
});
const gate = (tools: BindingTool[]) => manifest({ event: "before-tool", tools });

const payloadDialect = (mcpMatcher?: string): PayloadDialect => ({
  cli: "claude",
  title: "Claude Code",
  events: { PreToolUse: "before-tool" },
  tools: { Bash: "shell", Write: "file-write", Read: "read-only" },
  ...(mcpMatcher ? { mcpMatcher } : {}),
});

describe("nativeHooks: MCP tools get a matcher group of their own", () => {
  it.each([
    ["a CLI with an MCP matcher", gate(["shell", "file-write", "mcp"]), "mcp__.*", ["Bash|Write", "mcp__.*"]],
    ["a CLI whose hooks see no MCP call", gate(["shell", "file-write", "mcp"]), undefined, ["Bash|Write"]],
    ["a binding without mcp", gate(["shell", "file-write"]), "mcp__.*", ["Bash|Write"]],
    ["a binding of MCP tools alone", gate(["mcp"]), "mcp__.*", ["mcp__.*"]],
  ])("%s", (_, m, mcpMatcher, matchers) => {
    const hooks = nativeHooks(m, payloadDialect(mcpMatcher), { type: "command", command: "x" });
    expect((hooks.PreToolUse ?? []).map((g) => (g as { matcher?: string }).matcher)).toEqual(matchers);
  });
});

const bridgeDialect = (mcp: boolean): BridgeDialect => ({
  cli: "opencode",
  title: "OpenCode",
  hooks: { "tool.execute.before": { kind: "before-tool", read: () => ({ kind: "stop" }) } },
  tools: { bash: "shell", write: "file-write", read: "read-only", plan_exit: "plan-exit" },
  filePaths: () => [],
  contextKinds: [],
  ...(mcp ? { mcp } : {}),
});

describe("bridgeHooks: a plugin watching MCP tools is called for every tool but the CLI's own unwatched ones", () => {
  it.each([
    ["mcp on a CLI with MCP", [gate(["shell", "file-write", "mcp"])], true, { except: ["read", "plan_exit"] }],
    ["mcp on a CLI without", [gate(["shell", "file-write", "mcp"])], false, ["bash", "write"]],
    ["no mcp", [gate(["shell"])], true, ["bash"]],
    [
      "mcp joined with a binding of a listed tool",
      [manifest({ event: "before-tool", tools: ["shell", "mcp"] }, { event: "before-tool", tools: ["plan-exit"] })],
      true,
      { except: ["write", "read"] },
    ],
    [
      "mcp joined with a binding of every tool",
      [manifest({ event: "before-tool", tools: ["mcp"] }, { event: "before-tool" })],
      true,
      true,
    ],
  ])("%s", (_, [m], mcp, filter) => {
    expect(bridgeHooks(m as GuardrailManifest, bridgeDialect(mcp))["tool.execute.before"]).toEqual(filter);
  });
});

const settings = (filter: BridgeSettings["hooks"][string]): BridgeSettings => ({
  guardrail: "probe",
  failure: "closed",
  bundle: "probe.cjs",
  timeoutMs: 1000,
  hooks: { "tool.execute.before": filter },
  title: "OpenCode",
});

describe("which calls a plugin and its guard hand on", () => {
  const except = { except: ["read", "plan_exit"] };
  it.each([
    [except, "github_merge_pull_request", true],
    [except, "bash", true],
    [except, "read", false],
    [except, undefined, false],
    [["bash"], "github_merge_pull_request", false],
    [["bash"], "bash", true],
    [true, "anything", true],
  ] as const)("%j: %s → %s", async (filter, tool, handed) => {
    expect(wantsTool(settings(filter), "tool.execute.before", tool)).toBe(handed);
    // The guard blocks exactly what the plugin would hand on, when the plugin did not load.
    const source = openCodeGuardSource(settings(filter), "probe.js", "// guard");
    const guard = await import(`data:text/javascript,${encodeURIComponent(source)}`);
    const hooks = await guard.default.server();
    const outcome = await hooks["tool.execute.before"]({ tool }).then(
      () => false,
      () => true,
    );
    expect(outcome).toBe(handed);
  });
});

describe("a gate's guard under OpenCode 2 (setup registers the tool hook; V2 names bash `shell`)", () => {
  it.each([
    [["bash"], "shell", true],
    [["bash"], "read", false],
    [{ except: ["read"] }, "github_merge_pull_request", true],
    [{ except: ["read"] }, "read", false],
  ] as const)("%j: %s → %s", async (filter, tool, blocked) => {
    const source = openCodeGuardSource(settings(filter), "probe.js", "// guard");
    const guard = await import(`data:text/javascript,${encodeURIComponent(source)}`);
    const hooks = new Map<string, (event: unknown) => Promise<void>>();
    await guard.default.setup({ tool: { hook: async (name: string, fn: never) => void hooks.set(name, fn) } });
    const outcome = await hooks
      .get("execute.before")?.({ tool, input: {} })
      .then(
        () => false,
        () => true,
      );
    expect(outcome).toBe(blocked);
  });
});
