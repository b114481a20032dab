import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { installCodex } from "../src/install/codex.ts";
import { codexStatus } from "../src/install/codex-status.ts";
import { codexTrustHash, withTrustTables } from "../src/install/codex-trust.ts";

const COMMAND = `node "$\{CODEX_HOME:-$HOME/.codex}/hookrail/merge-gate/merge-gate.mjs"`;

function sourceFolder(command = COMMAND) {
  const dir = tempDir();
  writeFileSync(join(dir, "merge-gate.mjs"), "// bundle\n");
  writeFileSync(
    join(dir, "hooks.json"),
    JSON.stringify({
      description: "d",
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command, timeout: 10 }] }] },
    }),
  );
  return dir;
}

describe("codex trust hash", () => {
  it("is sha256 of the key-sorted compact definition, timeout defaulting to 600", () => {
    const hash = codexTrustHash("PreToolUse", { matcher: "Bash", hooks: [] }, { type: "command", command: "x" });
    // sha256('{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"x","timeout":600,"type":"command"}],"matcher":"Bash"}')
    expect(hash).toBe("sha256:8b3de0db500a24df6d2c8ddb5e04090edd5f3066951d7e252357fb79bb6bbd16");
    expect(codexTrustHash("PreToolUse", { hooks: [] }, { type: "command", command: "x" })).not.toBe(hash);
  });

  it("replaces an existing table for the same key and keeps everything else", () => {
    const before = 'model = "m"\n\n[hooks.state."k"]\ntrusted_hash = "old"\n\n[other]\na = 1\n';
    const after = withTrustTables(before, [
      { key: "k", hash: "new" },
      { key: "k2", hash: "h2" },
    ]);
    expect(after).toBe(
      'model = "m"\n\n[hooks.state."k"]\ntrusted_hash = "new"\n[other]\na = 1\n\n[hooks.state."k2"]\ntrusted_hash = "h2"\n',
    );
  });
});

describe("installCodex", () => {
  it("copies the folder, merges hooks.json keeping the user's hooks, and trusts only ours", () => {
    const home = tempDir();
    mkdirSync(home, { recursive: true });
    const userHook = { matcher: "Bash", hooks: [{ type: "command", command: "my-own-hook.sh" }] };
    writeFileSync(join(home, "hooks.json"), JSON.stringify({ hooks: { PreToolUse: [userHook] } }));
    writeFileSync(join(home, "config.toml"), 'model = "gpt-5.5"\n');
    const result = installCodex("merge-gate", sourceFolder(), { CODEX_HOME: home });

    expect(readFileSync(join(home, "hookrail", "merge-gate", "merge-gate.mjs"), "utf8")).toBe("// bundle\n");
    const hooks = JSON.parse(readFileSync(join(home, "hooks.json"), "utf8"));
    expect(hooks.hooks.PreToolUse).toHaveLength(2);
    expect(hooks.hooks.PreToolUse[0]).toEqual(userHook);
    expect(result.trusted).toEqual([`${join(home, "hooks.json")}:pre_tool_use:1:0`]);
    const toml = readFileSync(join(home, "config.toml"), "utf8");
    expect(toml.startsWith('model = "gpt-5.5"\n')).toBe(true);
    expect(toml).toContain(`[hooks.state."${join(home, "hooks.json")}:pre_tool_use:1:0"]\ntrusted_hash = "sha256:`);
  });

  it("reinstalling replaces our hook in place and re-trusts it", () => {
    const home = tempDir();
    installCodex("merge-gate", sourceFolder(), { CODEX_HOME: home });
    installCodex("merge-gate", sourceFolder(`${COMMAND} --v2`), { CODEX_HOME: home });
    const hooks = JSON.parse(readFileSync(join(home, "hooks.json"), "utf8"));
    expect(hooks.hooks.PreToolUse).toHaveLength(1);
    expect(hooks.hooks.PreToolUse[0].hooks[0].command).toMatch(/--v2$/);
    expect(readFileSync(join(home, "config.toml"), "utf8").match(/\[hooks\.state\./g)).toHaveLength(1);
  });

  it("tells installed-and-trusted from edited (which Codex would skip silently)", () => {
    const home = tempDir();
    expect(codexStatus("merge-gate", { CODEX_HOME: home })).toBe("not installed");
    installCodex("merge-gate", sourceFolder(), { CODEX_HOME: home });
    expect(codexStatus("merge-gate", { CODEX_HOME: home })).toBe("trusted");
    const file = join(home, "hooks.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"timeout": 10', '"timeout": 11'));
    expect(codexStatus("merge-gate", { CODEX_HOME: home })).toBe("not trusted");
  });

  it("refuses to overwrite a hooks.json it cannot read", () => {
    const home = tempDir();
    writeFileSync(join(home, "hooks.json"), "{ not json");
    expect(() => installCodex("merge-gate", sourceFolder(), { CODEX_HOME: home })).toThrow(
      /hooks\.json is not valid JSON/,
    );
    expect(readFileSync(join(home, "hooks.json"), "utf8")).toBe("{ not json");
  });
});

describe("codex SessionEnd hooks", () => {
  it("are hashed with the 3 s timeout Codex clamps them to", () => {
    const handler = { type: "command", command: "x" };
    const clamped = codexTrustHash("SessionEnd", { hooks: [] }, { ...handler, timeout: 10 });
    expect(clamped).toBe(codexTrustHash("SessionEnd", { hooks: [] }, { ...handler, timeout: 3 }));
    expect(codexTrustHash("Stop", { hooks: [] }, { ...handler, timeout: 10 })).not.toBe(
      codexTrustHash("Stop", { hooks: [] }, { ...handler, timeout: 3 }),
    );
  });
});
