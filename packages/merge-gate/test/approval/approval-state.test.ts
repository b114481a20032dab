// Approvals in the state store: per session, replaced by each prompt, used once, expired after 30 minutes.
import { defaultConfig } from "@hookrail/core";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import {
  APPROVAL_TTL_MS,
  consumeApprovals,
  grantedApprovals,
  recordPromptApprovals,
} from "../../src/approval/approval-state.ts";
import type { Approval } from "../../src/approval/user-approvals.ts";

const twelve: Approval = { kind: "merge", pr: "12" };

describe("approval state", () => {
  const at = (dir: string, now: number) => ({ env: { HOOKRAIL_STATE_DIR: dir }, config: defaultConfig(), now });

  it("keeps a session's approvals for 30 minutes, and uses each once", () => {
    const dir = tempDir();
    recordPromptApprovals(at(dir, 1000), "s1", [twelve]);
    expect(grantedApprovals(at(dir, 1000), "s2")).toEqual([]);
    expect(grantedApprovals(at(dir, 1000 + APPROVAL_TTL_MS), "s1")).toEqual([twelve]);
    expect(grantedApprovals(at(dir, 1001 + APPROVAL_TTL_MS), "s1")).toEqual([]);
    expect(consumeApprovals(at(dir, 2000), "s1", [twelve])).toBe(true);
    expect(consumeApprovals(at(dir, 2000), "s1", [twelve])).toBe(false);
    expect(grantedApprovals(at(dir, 2000), "s1")).toEqual([]);
  });

  it("replaces them with each new prompt", () => {
    const dir = tempDir();
    recordPromptApprovals(at(dir, 1000), "s1", [twelve, { kind: "push", branch: "main" }]);
    expect(consumeApprovals(at(dir, 1000), "s1", [twelve])).toBe(true);
    expect(grantedApprovals(at(dir, 1000), "s1")).toEqual([{ kind: "push", branch: "main" }]);
    recordPromptApprovals(at(dir, 1500), "s1", []);
    expect(grantedApprovals(at(dir, 1500), "s1")).toEqual([]);
  });
});
