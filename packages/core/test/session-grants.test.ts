// Grants from a user's prompt: per session, replaced by each prompt, used once, expired, and only of their kind.
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../src/index.ts";
import { consumeGrants, type GrantKind, liveGrants, recordGrants } from "../src/state/session-grants.ts";
import { StateStore } from "../src/state/state.ts";

const GATES: GrantKind<string> = {
  namespace: "test-grants",
  ttlMs: 1000,
  same: (a, b) => a === b,
  valid: (g): g is string => typeof g === "string",
};

describe("session grants", () => {
  const at = (dir: string, now: number) => ({ env: { HOOKRAIL_STATE_DIR: dir }, config: defaultConfig(), now });

  it("keeps a session's grants until they expire, each used once, and replaces them with the next prompt", () => {
    const dir = tempDir();
    recordGrants(GATES, at(dir, 100), "s1", ["publish", "infra"]);
    expect(liveGrants(GATES, at(dir, 100), "s2")).toEqual([]);
    expect(liveGrants(GATES, at(dir, 1100), "s1")).toEqual(["publish", "infra"]);
    expect(liveGrants(GATES, at(dir, 1101), "s1")).toEqual([]);
    expect(liveGrants(GATES, at(dir, 99), "s1")).toEqual([]);
    expect(consumeGrants(GATES, at(dir, 200), "s1", ["publish", "publish"])).toBe(false);
    expect(consumeGrants(GATES, at(dir, 200), "s1", ["publish"])).toBe(true);
    expect(consumeGrants(GATES, at(dir, 200), "s1", ["publish"])).toBe(false);
    expect(consumeGrants(GATES, at(dir, 200), undefined, ["infra"])).toBe(false);
    recordGrants(GATES, at(dir, 300), "s1", []);
    expect(liveGrants(GATES, at(dir, 300), "s1")).toEqual([]);
  });

  it("reads only grants of its kind from a stored entry someone edited", () => {
    const dir = tempDir();
    new StateStore({ dir, now: () => 100 }).set("test-grants", "s1", { grantedAt: 100, grants: ["ok", 7, null] });
    expect(liveGrants(GATES, at(dir, 100), "s1")).toEqual(["ok"]);
    new StateStore({ dir, now: () => 100 }).set("test-grants", "s1", { grantedAt: "soon", grants: ["ok"] });
    expect(liveGrants(GATES, at(dir, 100), "s1")).toEqual([]);
  });
});
