// A stored session record is read by hand when it plainly is one: that reading must be the schema's, field for field.
import { describe, expect, it } from "vitest";
import { plainRecordValue, readRecord, sessionRecordSchema } from "../src/state/session-record.ts";

const SCALARS: unknown[] = [undefined, null, "", "x", "/repo", 0, 1, true, [], {}];
const checkouts = (): unknown[] => [
  ...SCALARS,
  { worktree: "/repo", branch: "main", head: "a".repeat(40) },
  { worktree: "/repo", branch: null, head: null },
  { worktree: "/repo", branch: "main", head: null, extra: 1 },
  { worktree: "", branch: "main", head: null },
  { worktree: "/repo", branch: "main" },
  { worktree: "/repo", head: null, branch: 3 },
  ["/repo", "main", null],
];
const lists = (): unknown[] => [
  ...SCALARS,
  ...checkouts().map((c) => [c]),
  [
    { worktree: "/a", branch: "x", head: null },
    { worktree: "/b", branch: null, head: "c" },
  ],
  [{ worktree: "/a", branch: "x", head: null }, "not a checkout"],
];
const pendings = (): unknown[] => [
  ...SCALARS,
  ...lists().map((before) => [{ id: "call-1", before }]),
  [{ id: 7, before: [] }],
  [{ before: [] }],
  [{ id: "call-1", before: [], extra: true }],
  ["call-1"],
];

function* values(): Generator<unknown> {
  yield* SCALARS;
  for (const first of checkouts()) {
    if (first === null || typeof first !== "object" || Array.isArray(first)) {
      yield first;
      continue;
    }
    for (const others of lists()) yield { ...first, others };
    for (const pending of pendings()) yield { ...first, pending };
    yield { ...first, others: [first], pending: [{ id: "p", before: [first] }], unknown: { x: 1 } };
  }
}

describe("session record reading", () => {
  it("reads by hand exactly what the schema reads, and leaves the rest to it", () => {
    const schema = sessionRecordSchema();
    let plain = 0;
    let checked = 0;
    for (const raw of values()) {
      const value = raw === undefined ? undefined : JSON.parse(JSON.stringify(raw));
      const parsed = schema.safeParse(value);
      const fast = plainRecordValue(value);
      if (fast !== undefined) {
        plain++;
        expect(parsed.success, JSON.stringify(value)).toBe(true);
        expect(fast, JSON.stringify(value)).toEqual(parsed.data);
      }
      const entry = { key: "s1", value, updatedAt: 5 };
      expect(readRecord(entry), JSON.stringify(value)).toEqual(
        parsed.success ? { ...parsed.data, sessionId: "s1", updatedAt: 5 } : undefined,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
    expect(plain).toBeGreaterThan(40);
  });

  it("takes a record as worktree-check writes it without the schema", () => {
    const value = { worktree: "/repo", branch: "main", head: "b".repeat(40) };
    expect(plainRecordValue(value)).toEqual(value);
    expect(readRecord(undefined)).toBeUndefined();
  });
});
