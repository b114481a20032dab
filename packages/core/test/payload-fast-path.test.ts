// The payload's fast path takes a payload without zod only when the schema would take it too.
import { describe, expect, it } from "vitest";
import { payloadSchemas, plainBase, plainTool } from "../src/adapter/payload.ts";

const VALUES: unknown[] = [undefined, null, "", "x", 0, 1, true, [], ["x"], {}, { command: "ls" }];

function* payloads(): Generator<Record<string, unknown>> {
  for (const name of VALUES)
    for (const other of VALUES) {
      for (const field of ["session_id", "cwd", "transcript_path", "permission_mode"]) {
        yield { hook_event_name: name, [field]: other };
      }
      yield { hook_event_name: "PreToolUse", tool_name: name, tool_input: other, extra: other };
    }
}

describe("payload fast path", () => {
  it("accepts exactly what the schemas accept", () => {
    const { base, tool } = payloadSchemas();
    let fast = 0;
    for (const raw of payloads()) {
      const clean = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
      expect(plainBase(clean) !== undefined, JSON.stringify(clean)).toBe(base.safeParse(clean).success);
      expect(plainTool(clean) !== undefined, JSON.stringify(clean)).toBe(tool.safeParse(clean).success);
      if (plainBase(clean)) fast++;
    }
    expect(fast).toBeGreaterThan(10);
    expect(plainBase([])).toBeUndefined();
    expect(plainBase("x")).toBeUndefined();
  });
});
