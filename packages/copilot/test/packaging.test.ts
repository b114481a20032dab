import { type GuardrailManifest, type HookLoaderAnswer, nodeHookCommand } from "@hookrail/core";
import { describe, expect, it } from "vitest";
import { copilotPackaging } from "../src/index.ts";

/** How the command finds the hook file's folder, in bash. */
const HOOK_DIR = ["$", "{COPILOT_HOOK_DIR:-.github/hooks}"].join("");
/** The same in PowerShell, which Copilot runs on Windows instead. */
const PS_DIR = "$d = $env:COPILOT_HOOK_DIR; if (-not $d) { $d = '.github/hooks' }; ";

const manifest: GuardrailManifest = {
  name: "demo-gate",
  version: "1.0.0",
  description: "d",
  bindings: [
    { event: "before-tool", tools: ["shell"] },
    { event: "before-tool", tools: ["file-edit"] },
    { event: "session-start" },
  ],
  bundle: "demo-gate.cjs",
  timeoutSeconds: 10,
  failure: "closed",
};
const BUNDLE = "hookrail-demo-gate/demo-gate.cjs";
/** A gate's tool hook whose bundle has gone denies in Copilot's form, with the reason the model is shown. */
const deny: HookLoaderAnswer = {
  guardrail: "demo-gate",
  blocking: true,
  deny: (reason) => ({ permissionDecision: "deny", permissionDecisionReason: reason }),
};

describe("copilot packaging", () => {
  it("writes one hook file with one entry per event, naming the event as the command's argument", () => {
    const files = copilotPackaging.files(manifest);
    expect(files.map((f) => f.path)).toEqual(["hookrail-demo-gate.json"]);
    expect(JSON.parse(files[0]?.content ?? "")).toEqual({
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: "command",
            bash: nodeHookCommand(`${HOOK_DIR}/${BUNDLE}`, deny, ["preToolUse"]),
            powershell: `${PS_DIR}${nodeHookCommand(`$d/${BUNDLE}`, deny, ["preToolUse"])}; exit $LASTEXITCODE`,
            timeoutSec: 10,
          },
        ],
        sessionStart: [
          {
            type: "command",
            bash: nodeHookCommand(`${HOOK_DIR}/${BUNDLE}`, undefined, ["sessionStart"]),
            powershell: `${PS_DIR}${nodeHookCommand(`$d/${BUNDLE}`, undefined, ["sessionStart"])}; exit $LASTEXITCODE`,
            timeoutSec: 10,
          },
        ],
      },
    });
  });

  it("puts the bundle in a folder of its own next to the hook file", () => {
    expect(copilotPackaging.bundlePath(manifest)).toBe("hookrail-demo-gate/demo-gate.cjs");
  });
});
