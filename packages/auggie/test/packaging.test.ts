// A guardrail as Auggie hooks: `auggie.json` (where the scope's dispatcher runs it), the groups of settings.json
// (Claude Code's `{"hooks": …}` shape, Auggie's tool names anchored since its matchers are unanchored regular
// expressions, MCP tools by `mcp:`, milliseconds), each running the scope's one dispatcher.
import { execFileSync } from "node:child_process";
import type { GuardrailManifest } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { AUGGIE_USER_DIR, type AuggieGroup, auggiePackaging, auggieScopeGroups, auggieSettings } from "../src/index.ts";

const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.2.3",
  description: "d",
  bindings: [{ event: "before-tool", tools: ["shell", "file-write", "file-edit", "mcp"] }, { event: "session-start" }],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
  failure: "closed",
};

const edits: GuardrailManifest = {
  ...manifest,
  name: "edit-note",
  bindings: [
    { event: "after-tool", tools: ["file-write", "file-edit"] },
    { event: "before-tool", tools: ["shell"] },
  ],
  timeoutSeconds: 5,
  failure: "open",
};

const TOOLS = "^(?:launch-process|save-file|str-replace-editor|apply_patch|remove-files)$";
const hooksOf = (m: GuardrailManifest): Record<string, AuggieGroup[]> =>
  JSON.parse(auggiePackaging.files(m).find((f) => f.path === "hooks.json")?.content ?? "").hooks;

describe("auggie packaging", () => {
  it("writes auggie.json, hooks.json (the groups of the guardrail alone) and the dispatcher, written elsewhere", () => {
    const files = auggiePackaging.files(manifest);
    expect(files.map((f) => [f.path, f.writtenElsewhere ?? false])).toEqual([
      ["hooks.json", false],
      ["auggie.json", false],
      ["dispatch.cjs", true],
    ]);
    expect(JSON.parse(files[1]?.content ?? "")).toEqual({
      guardrail: "demo-gate",
      bundle: "demo-gate.cjs",
      failure: "closed",
      timeoutSeconds: 10,
      bindings: [
        { event: "PreToolUse", matcher: TOOLS, args: [] },
        { event: "PreToolUse", matcher: "mcp:.*", args: [] },
        { event: "SessionStart", args: [] },
      ],
    });
    expect(auggiePackaging.oneProcess).toBe(true);
    expect(auggiePackaging.bundlePath(manifest)).toBe("demo-gate.cjs");
  });

  it("alone: a group for Auggie's tools and one for MCP tools, each running its own hook file, a second over the timeout", () => {
    const hooks = hooksOf(manifest);
    expect(Object.keys(hooks)).toEqual(["PreToolUse", "SessionStart"]);
    expect(hooks.PreToolUse?.map((g) => g.matcher)).toEqual([TOOLS, "mcp:.*"]);
    expect(hooks.SessionStart?.[0]?.matcher).toBeUndefined();
    expect(hooks.PreToolUse?.[0]?.hooks[0]?.timeout).toBe(11_000);
    expect(hooks.PreToolUse?.[0]?.hooks[0]?.command).toContain('"$HOME/.augment/hookrail/demo-gate/demo-gate.cjs"');
  });

  it("a matcher names those tools alone, as Auggie tests it (new RegExp(matcher).test(name))", () => {
    const matcher = new RegExp(hooksOf(manifest).PreToolUse?.[0]?.matcher ?? "");
    expect(["launch-process", "save-file", "apply_patch"].every((t) => matcher.test(t))).toBe(true);
    expect(["view", "launch-process-2", "kill-process"].some((t) => matcher.test(t))).toBe(false);
  });

  it("the scope's groups take every tool one guardrail watches at an event, with the longest timeout", () => {
    const groups = auggieScopeGroups(
      [auggieSettings(edits), auggieSettings(manifest)],
      "$AUGMENT_PROJECT_DIR/.augment",
    );
    expect(Object.keys(groups).sort()).toEqual(["PostToolUse", "PreToolUse", "SessionStart"]);
    expect(groups.PreToolUse?.map((g) => g.matcher)).toEqual([`(?:${TOOLS})|(?:^(?:launch-process)$)`, "mcp:.*"]);
    expect(groups.PostToolUse?.map((g) => g.matcher)).toEqual([
      "^(?:save-file|str-replace-editor|apply_patch|remove-files)$",
    ]);
    expect(groups.PreToolUse?.[0]?.hooks[0]?.timeout).toBe(11_000);
    expect(groups.PostToolUse?.[0]?.hooks[0]?.timeout).toBe(6_000);
    const commands = new Set(Object.values(groups).flatMap((list) => list.map((g) => g.hooks[0]?.command)));
    // The gate's event blocks when the dispatcher has gone; the others stay silent.
    expect(commands.size).toBe(2);
    for (const command of commands) expect(command).toContain('"$AUGMENT_PROJECT_DIR/.augment/hookrail/dispatch.cjs"');
    expect(groups.PreToolUse?.[0]?.hooks[0]?.command).toContain("process.exitCode=2");
    expect(groups.PostToolUse?.[0]?.hooks[0]?.command).not.toContain("process.exitCode=2");
    // Whatever order the guardrails come in.
    expect(auggieScopeGroups([auggieSettings(manifest), auggieSettings(edits)], "x")).toEqual(
      auggieScopeGroups([auggieSettings(edits), auggieSettings(manifest)], "x"),
    );
  });

  it.each([
    ["alone", [manifest], "demo-gate", "demo-gate/demo-gate.cjs"],
    ["beside another", [manifest, edits], "hookrail", "dispatch.cjs"],
  ] as const)(
    "%s, a gate's tool hook blocks when the file it runs has gone; its other hooks stay silent",
    (_, manifests, who, file) => {
      const hooks = auggieScopeGroups(
        manifests.map((m) => auggieSettings(m)),
        AUGGIE_USER_DIR,
      );
      const gate = hooks.PreToolUse?.[0]?.hooks[0]?.command ?? "";
      const other = hooks.SessionStart?.[0]?.hooks[0]?.command ?? "";
      const run = (command: string) => {
        try {
          execFileSync("bash", ["-c", command], { env: { ...process.env, HOME: "/nonexistent-home" }, stdio: "pipe" });
          return { status: 0, stderr: "" };
        } catch (e) {
          const error = e as { status: number; stderr: Buffer };
          return { status: error.status, stderr: String(error.stderr) };
        }
      };
      const blocked = run(gate);
      expect(blocked.status).toBe(2);
      expect(blocked.stderr).toContain(
        `${who}: blocked because its hook file /nonexistent-home/.augment/hookrail/${file} is missing`,
      );
      expect(run(other)).toEqual({ status: 0, stderr: "" });
    },
  );

  it("an advisory guardrail's groups stay silent when the file they run has gone", () => {
    const hooks = hooksOf({ ...manifest, failure: "open" });
    expect(hooks.PreToolUse?.[0]?.hooks[0]?.command).not.toContain("process.exitCode=2");
    expect(AUGGIE_USER_DIR).toBe("$HOME/.augment");
  });
});
