// Copilot's own payload format is taken without zod only when its schema would take it too.
import { describe, expect, it } from "vitest";
import { copilotPayloadSchema, normalisePayload, plainCopilotPayload } from "../src/payload.ts";

const VALUES: unknown[] = [undefined, null, "", "x", "{}", 0, 1, true, [], ["x"], {}, { command: "ls" }];
const FIELDS = ["sessionId", "cwd", "transcriptPath", "toolName", "toolArgs", "toolResult"];

function* payloads(): Generator<unknown> {
  yield* VALUES;
  for (const field of FIELDS)
    for (const value of VALUES)
      for (const other of VALUES) yield { toolName: "bash", toolArgs: { command: "ls" }, [field]: value, extra: other };
}

describe("Copilot's payload fast path", () => {
  it("accepts exactly what the schema accepts, as the schema reads it", () => {
    const schema = copilotPayloadSchema();
    let fast = 0;
    for (const raw of payloads()) {
      // As stdin gives it: JSON drops undefined fields.
      const clean = raw === undefined ? raw : (JSON.parse(JSON.stringify(raw)) as unknown);
      const plain = plainCopilotPayload(clean);
      const parsed = schema.safeParse(clean);
      expect(plain !== undefined, JSON.stringify(clean)).toBe(parsed.success);
      if (plain) {
        expect(plain.data, JSON.stringify(clean)).toEqual(parsed.data);
        fast++;
      }
    }
    expect(fast).toBeGreaterThan(50);
  });

  it("explains a payload it refuses with the schema's message", () => {
    expect(() => normalisePayload({ toolName: "bash", toolArgs: 12 }, "preToolUse")).toThrow(
      /not a copilot hook event/,
    );
    expect(() => normalisePayload({ sessionId: 7 }, "sessionStart")).toThrow(/not a copilot hook event/);
    expect(normalisePayload({ toolName: "bash", toolArgs: '{"command":"ls"}' }, "preToolUse")).toMatchObject({
      hook_event_name: "preToolUse",
      tool_name: "bash",
      tool_input: { command: "ls" },
    });
  });
});
