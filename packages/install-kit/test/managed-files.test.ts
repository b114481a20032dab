// The forms of a managed (system) file: a shared file keeps the administrator's keys and comments, gets the
// guardrail's groups and the pins, and uninstall takes out only the groups; a drop-in is the guardrail's alone.
import { describe, expect, it } from "vitest";
import { type ManagedPin, pinnedValue, removedText, writtenText } from "../src/managed-files.ts";
import { parseToml } from "../src/toml.ts";

const marker = "/opt/x/tool/g/";
const hooks = {
  PreToolUse: [
    {
      matcher: "Bash",
      hooks: [{ type: "command", command: `node "${marker}g.cjs"`, commandWindows: "node win", timeout: 10 }],
    },
  ],
};
const write = (before: string | null, file: string) => ({ before, file, guardrail: "g", hooks, marker });
const pins: ManagedPin[] = [
  { path: ["hooks", "dir"], value: "/opt/x/tool" },
  { path: ["features", "hooks"], value: true },
];

describe("a merged TOML file", () => {
  const admin = "# the admin's\n[features]\nweb = true\n";

  it("keeps the administrator's keys, sets the pins in order and appends one table per group", () => {
    const text = writtenText("merged-toml", write(admin, "r.toml"), pins);
    expect(text).toBe(
      `# the admin's\n[features]\nhooks = true\nweb = true\n\n[hooks]\ndir = "/opt/x/tool"\n\n[[hooks.PreToolUse]]\nmatcher = "Bash"\nhooks = [{ type = "command", command = ${JSON.stringify(`node "${marker}g.cjs"`)}, commandWindows = "node win", timeout = 10 }]\n`,
    );
    expect(parseToml(text, "r.toml").value.hooks).toMatchObject({ PreToolUse: [{ matcher: "Bash" }] });
    expect(pinnedValue("merged-toml", text, "r.toml", ["features", "hooks"])).toBe(true);
  });

  it("replaces its tables on a second write, and removal leaves the pins and the administrator's keys", () => {
    const once = writtenText("merged-toml", write(admin, "r.toml"), pins);
    expect(writtenText("merged-toml", write(once, "r.toml"), pins)).toBe(once);
    const removed = removedText("merged-toml", once, "r.toml", "g", marker);
    expect(removed).not.toContain(marker);
    expect(removed).toContain("web = true");
    expect(pinnedValue("merged-toml", removed ?? "", "r.toml", ["hooks", "dir"])).toBe("/opt/x/tool");
  });
});

describe("a merged JSON settings file", () => {
  it("merges the groups next to the administrator's keys and comments, pins, and takes only the groups out", () => {
    const admin = '{\n  // the admin\'s\n  "general": { "x": 1 }\n}\n';
    const text = writtenText("merged-json", write(admin, "s.json"), [
      { path: ["hooksConfig", "enabled"], value: true },
    ]);
    expect(text).toContain("// the admin's");
    expect(pinnedValue("merged-json", text, "s.json", ["hooksConfig", "enabled"])).toBe(true);
    expect(pinnedValue("merged-json", text, "s.json", ["hooks", "PreToolUse", 0, "matcher"])).toBe("Bash");
    const removed = removedText("merged-json", text, "s.json", "g", marker) ?? "";
    expect(removed).not.toContain(marker);
    expect(removed).toContain('"general"');
    expect(pinnedValue("merged-json", removed, "s.json", ["hooksConfig", "enabled"])).toBe(true);
  });
});

describe("a JSON drop-in", () => {
  it("is the groups alone, whatever was there, and goes whole", () => {
    expect(writtenText("drop-in-json", write('{"old":1}', "d.json"), pins)).toBe(
      `${JSON.stringify({ hooks }, null, 2)}\n`,
    );
    expect(removedText("drop-in-json", "{}", "d.json", "g", marker)).toBeNull();
  });
});
