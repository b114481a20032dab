// Cursor's hooks.json entries: ours replace ours in place, others' stay where they are, and removal leaves
// the file's value as it was (byte for byte is the install record's job: uninstall puts back an untouched file).

import { mergeFlatHooks, removeFlatHooks } from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";

const marker = "/x/hookrail/g/";
const ours = (event: string) => ({ command: `node "${marker}g.cjs"`, event });

describe("Cursor hooks.json entries", () => {
  it("adds version 1 and the entries to a file that has none", () => {
    expect(JSON.parse(mergeFlatHooks(null, "h", { preToolUse: [ours("a")] }, marker))).toEqual({
      version: 1,
      hooks: { preToolUse: [ours("a")] },
    });
  });

  it("replaces its entry in place, drops it from events it no longer binds, and keeps the user's", () => {
    const before = JSON.stringify({
      version: 1,
      hooks: {
        preToolUse: [{ command: "./mine.sh" }, ours("old"), { command: "./last.sh" }],
        stop: [ours("old"), { command: "./stop.sh" }],
        sessionEnd: [ours("old")],
      },
    });
    const after = JSON.parse(mergeFlatHooks(before, "h", { preToolUse: [ours("new")] }, marker));
    expect(after.hooks).toEqual({
      preToolUse: [{ command: "./mine.sh" }, ours("new"), { command: "./last.sh" }],
      stop: [{ command: "./stop.sh" }],
    });
  });

  it("removes only its entries, and events it leaves empty", () => {
    const text = '{\n  // mine\n  "version": 1,\n  "hooks": {\n    "stop": [{ "command": "./stop.sh" }]\n  }\n}\n';
    const merged = mergeFlatHooks(text, "h", { stop: [ours("a")], sessionStart: [ours("a")] }, marker);
    const removed = removeFlatHooks(merged, "h", marker);
    expect(removed).toContain("// mine");
    expect(JSON.parse(removed.replace("// mine\n", ""))).toEqual({
      version: 1,
      hooks: { stop: [{ command: "./stop.sh" }] },
    });
  });
});
