import {
  isHookrailGroup,
  mergeGroups,
  removeGroups,
  removeJsonc,
  removeTable,
  setJsonc,
  setTable,
} from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";
import { codexTrustHash, ourTrust } from "../../src/install/index.ts";

const ours = (command = 'node "$HOME/.codex/hookrail/merge-gate/merge-gate.cjs"') => ({
  PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command, timeout: 10 }] }],
});
const USER_FILE = `{
  // my own hook: keep this comment
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "my-hook.sh" }] }
    ]
  }
}
`;

describe("codex trust hash", () => {
  it("is sha256 of the key-sorted compact definition, timeout defaulting to 600", () => {
    const hash = codexTrustHash("PreToolUse", { matcher: "Bash", hooks: [] }, { type: "command", command: "x" });
    // sha256('{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"x","timeout":600,"type":"command"}],"matcher":"Bash"}')
    expect(hash).toBe("sha256:8b3de0db500a24df6d2c8ddb5e04090edd5f3066951d7e252357fb79bb6bbd16");
    expect(codexTrustHash("PreToolUse", { hooks: [] }, { type: "command", command: "x" })).not.toBe(hash);
  });

  it("hashes the command Codex runs on the platform: commandWindows on Windows, command elsewhere", () => {
    const group = { matcher: "Bash", hooks: [] };
    const plain = { type: "command", command: "x" };
    const both = { ...plain, commandWindows: "node -e y" };
    expect(codexTrustHash("PreToolUse", group, both, "linux")).toBe(
      codexTrustHash("PreToolUse", group, plain, "linux"),
    );
    const windows = codexTrustHash("PreToolUse", group, both, "win32");
    expect(windows).toBe(codexTrustHash("PreToolUse", group, { type: "command", command: "node -e y" }, "linux"));
    expect(codexTrustHash("PreToolUse", group, { ...plain, command_windows: "node -e y" }, "win32")).toBe(windows);
    // Without a Windows command, Windows runs (and hashes) `command`.
    expect(codexTrustHash("PreToolUse", group, plain, "win32")).toBe(
      codexTrustHash("PreToolUse", group, plain, "linux"),
    );
  });

  it("hashes SessionEnd hooks with the 3 s timeout Codex clamps them to", () => {
    const handler = { type: "command", command: "x" };
    const clamped = codexTrustHash("SessionEnd", { hooks: [] }, { ...handler, timeout: 10 });
    expect(clamped).toBe(codexTrustHash("SessionEnd", { hooks: [] }, { ...handler, timeout: 3 }));
    expect(codexTrustHash("Stop", { hooks: [] }, { ...handler, timeout: 10 })).not.toBe(
      codexTrustHash("Stop", { hooks: [] }, { ...handler, timeout: 3 }),
    );
  });
});

describe("codex hooks.json merge", () => {
  it("appends our group after the user's (whose trust keys keep their positions), keeping comments", () => {
    const merged = mergeGroups(USER_FILE, "hooks.json", "merge-gate", ours());
    expect(merged).toContain("// my own hook: keep this comment");
    expect(merged).toContain('"command": "my-hook.sh"');
    expect(ourTrust("/h/hooks.json", merged, "merge-gate").map((e) => e.key)).toEqual([
      "/h/hooks.json:pre_tool_use:1:0",
    ]);
  });

  it("replaces our group in place on reinstall, and removal gives back the user's file", () => {
    const once = mergeGroups(USER_FILE, "hooks.json", "merge-gate", ours());
    const twice = mergeGroups(once, "hooks.json", "merge-gate", ours('node "$HOME/.codex/hookrail/merge-gate/v2.cjs"'));
    expect(twice.match(/hookrail\/merge-gate/g)).toHaveLength(1);
    expect(twice).toContain("v2.cjs");
    const removed = removeGroups(twice, "hooks.json", "merge-gate");
    expect(removed).toContain("// my own hook: keep this comment");
    expect(removed).not.toContain("hookrail");
    expect(mergeGroups(once, "hooks.json", "merge-gate", ours())).toBe(once);
  });

  it("creates the file when there is none", () => {
    const created = mergeGroups(null, "hooks.json", "merge-gate", ours());
    expect(JSON.parse(created)).toEqual({ hooks: ours() });
    expect(isHookrailGroup("merge-gate")(JSON.parse(created).hooks.PreToolUse[0])).toBe(true);
  });

  it("names a file that is not JSON", () => {
    expect(() => mergeGroups("{ not json", "/x/hooks.json", "merge-gate", ours())).toThrow(
      /\/x\/hooks\.json is not valid JSON/,
    );
  });
});

describe("config.toml trust tables", () => {
  const BEFORE = '# my settings\nmodel = "m" # the model\n\n[other]\na = 1\n';

  it.each([
    ["adds a table at the end", BEFORE, `${BEFORE}\n[hooks.state."k:1"]\ntrusted_hash = "h"\n`],
    ["adds to an empty file", "", '[hooks.state."k:1"]\ntrusted_hash = "h"\n'],
    [
      "replaces the same key's table in place",
      '[hooks.state."k:1"]\ntrusted_hash = "old"\n\n[other]\n',
      '[hooks.state."k:1"]\ntrusted_hash = "h"\n\n[other]\n',
    ],
  ])("%s", (_, before, after) => {
    expect(setTable(before, ["hooks", "state", "k:1"], { trusted_hash: "h" }, "config.toml")).toBe(after);
  });

  it("removing the table gives back the file byte for byte", () => {
    const added = setTable(BEFORE, ["hooks", "state", "k:1"], { trusted_hash: "h" }, "config.toml");
    expect(removeTable(added, ["hooks", "state", "k:1"], "config.toml")).toBe(BEFORE);
  });

  it("names a file that is not TOML", () => {
    expect(() => setTable("model = = 1", ["a"], {}, "/x/config.toml")).toThrow(/\/x\/config\.toml is not valid TOML/);
  });
});

describe("jsonc edits", () => {
  it("keeps comments and tab indentation, and removes what it left empty", () => {
    const text = '{\n\t// keep\n\t"a": 1\n}\n';
    const set = setJsonc(text, ["enabledPlugins", "x@hookrail"], true);
    expect(set).toContain('\t"enabledPlugins": {\n\t\t"x@hookrail": true\n\t}');
    expect(removeJsonc(set, ["enabledPlugins", "x@hookrail"])).toBe(text);
  });
});
