// A command gate's tests, built from its gate.ts so that they hold for any pattern list: a table of the lines
// an agent writes, per pattern, and the gate through the hook runtime.
import { camel, pascal } from "./common.ts";

export function commandGateTests(name: string): Record<string, string> {
  const id = camel(name);
  const Id = pascal(name);
  return {
    "test/decide.test.ts": `// Every pattern of gate.ts, in the lines an agent writes: blocked, approved, wrapped, and partly unknown.
import { describe, expect, it } from "vitest";
import { decide${Id}, gate } from "../src/index.ts";

const marker = \`\${gate.approvalVariable}=1\`;
const head = (pattern: string) => pattern.split(" ")[0] ?? "";

const CASES: [string, (pattern: string) => string, "allow" | "deny"][] = [
  ["blocks it", (p) => p, "deny"],
  ["runs it approved", (p) => \`\${marker} \${p}\`, "allow"],
  ["blocks it under sudo", (p) => \`sudo \${p}\`, "deny"],
  ["runs it approved under sudo", (p) => \`sudo \${marker} \${p}\`, "allow"],
  ["blocks a marker that does not reach it", (p) => \`\${marker} sudo \${p}\`, "deny"],
  ["blocks it through env", (p) => \`env CI=1 \${p}\`, "deny"],
  ["runs it approved through env", (p) => \`env \${marker} \${p}\`, "allow"],
  ["blocks it in sh -c", (p) => \`sh -c '\${p}'\`, "deny"],
  ["blocks it in a substitution", (p) => \`echo "$(\${p})"\`, "deny"],
  ["blocks it after cd", (p) => \`cd sub && \${p}\`, "deny"],
  ["blocks the second, unapproved run", (p) => \`\${marker} \${p} && \${p}\`, "deny"],
  ["blocks a marker exported earlier", (p) => \`export \${marker}; \${p}\`, "deny"],
  ["blocks a word known only when it runs", (p) => \`\${head(p)} $(cat args.txt)\`, "deny"],
  ["blocks code known only when it runs, on a line that mentions it", (p) => \`sh -c "$SCRIPT" # \${p}\`, "deny"],
  ["runs a mention in text", (p) => \`echo '\${p}'\`, "allow"],
  ["runs a command known only when it runs, on a line that does not mention it", () => "$EDITOR notes.txt", "allow"],
  ["runs other commands", () => "ls -la && git status", "allow"],
];

describe.each(gate.patterns)("%s", (pattern) => {
  it.each(CASES)("%s", (_what, line, type) => {
    expect(decide${Id}({ line: line(pattern) }, gate).type).toBe(type);
  });
});

describe("what the agent is told", () => {
  it("names the approval marker when it blocks a match", () => {
    const decision = decide${Id}({ line: gate.patterns[0] ?? "" }, gate);
    expect(decision.type === "deny" && decision.reason).toContain(marker);
  });
});
`,
    "test/guardrail.test.ts": `// ${name} as Claude Code calls it, through the hook runtime: what it cannot read, it blocks.
import { CLIS } from "@hookrail/clis";
import { runHook } from "@hookrail/core";
import { cliRunsTool, hookEnv, hookPayload, tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { gate, ${id} } from "../src/index.ts";

const claudeAdapter = CLIS.claude.adapter;

const [pattern = ""] = gate.patterns;
const bash = (toolInput: Record<string, unknown>) =>
  JSON.stringify(hookPayload("claude", "PreToolUse.Bash.json", { cwd: tempDir(), sessionId: "s" }, { tool_input: toolInput }));

describe("${name} in the hook runtime", () => {
  it.each([
    ["the pattern", () => bash({ command: pattern }), false],
    ["the approved pattern", () => bash({ command: \`\${gate.approvalVariable}=1 \${pattern}\` }), true],
    ["another command", () => bash({ command: "ls -la" }), true],
    ["a shell call without a command", () => bash({}), false],
    ["input that is not JSON", () => "{not json", false],
    ["no input at all", () => "", false],
  ])("%s: the tool runs = %s", async (_what, stdin, runs) => {
    const answer = await runHook({ guardrail: ${id}, adapter: claudeAdapter, stdin: stdin(), env: hookEnv() });
    expect(cliRunsTool("claude", answer)).toBe(runs);
  });
});
`,
  };
}
