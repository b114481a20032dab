import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../src/config/config.ts";
import { PATH_BITS, PATHS_KEY } from "../src/hook/cache-paths.ts";
import { HookrailError } from "../src/model/errors.ts";
import { DEFAULT_STATE_MAX_AGE_MS, guardrailState, StateStore, stateDirectory } from "../src/state/state.ts";
import { writerScript } from "./_writer-script.ts";

const DAY = 24 * 60 * 60 * 1000;

function store(options: { now?: number; maxAgeMs?: number; lockTimeoutMs?: number } = {}) {
  const dir = join(tempDir("hookrail-state-"), "state");
  let now = options.now ?? 1_000_000;
  const s = new StateStore({ dir, now: () => now, maxAgeMs: options.maxAgeMs, lockTimeoutMs: options.lockTimeoutMs });
  return { s, dir, tick: (ms: number) => (now += ms) };
}

const files = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".json"));

describe("state directory", () => {
  it.each<[string, NodeJS.ProcessEnv, string]>([
    ["HOOKRAIL_STATE_DIR wins", { HOOKRAIL_STATE_DIR: "/s", XDG_STATE_HOME: "/x", HOME: "/h" }, "/s"],
    ["then XDG_STATE_HOME/hookrail", { XDG_STATE_HOME: "/x", HOME: "/h" }, "/x/hookrail"],
    ["a relative XDG_STATE_HOME is ignored", { XDG_STATE_HOME: "rel", HOME: "/h" }, "/h/.local/state/hookrail"],
    ["else ~/.local/state/hookrail", { HOME: "/h" }, "/h/.local/state/hookrail"],
  ])("%s", (_label, env, expected) => {
    expect(stateDirectory(env)).toBe(expected);
  });
});

describe("state store", () => {
  it("sets, gets, lists and deletes JSON values per namespace, stamped with the clock", () => {
    const { s, tick } = store();
    s.set("sessions", "a", { branch: "main" });
    tick(5);
    s.set("sessions", "b/with slashes and a very long key".repeat(20), [1, 2]);
    s.set("other", "a", "elsewhere");
    expect(s.get("sessions", "a")).toEqual({ key: "a", value: { branch: "main" }, updatedAt: 1_000_000 });
    expect(s.list("sessions").map((e) => e.value)).toEqual(expect.arrayContaining([{ branch: "main" }, [1, 2]]));
    expect(s.list("sessions")).toHaveLength(2);
    expect(s.delete("sessions", "a")).toBe(true);
    expect(s.delete("sessions", "a")).toBe(false);
    expect(s.get("sessions", "a")).toBeUndefined();
    expect(s.get("other", "a")?.value).toBe("elsewhere");
    expect(s.list("missing")).toEqual([]);
  });

  it("update is a read-modify-write; returning undefined deletes", () => {
    const { s } = store();
    const bump = () => s.update("n", "k", (cur) => ((cur?.value as number | undefined) ?? 0) + 1);
    bump();
    bump();
    expect(s.get("n", "k")?.value).toBe(2);
    expect(s.update("n", "k", () => undefined)).toBeUndefined();
    expect(s.get("n", "k")).toBeUndefined();
  });

  it("expires entries older than maxAge (7 days by default) and prunes them when listing", () => {
    const { s, dir, tick } = store();
    expect(s.maxAgeMs).toBe(DEFAULT_STATE_MAX_AGE_MS);
    s.set("ns", "old", 1);
    tick(6 * DAY);
    s.set("ns", "new", 2);
    tick(DAY + 1);
    expect(s.get("ns", "old")).toBeUndefined();
    expect(s.list("ns").map((e) => e.key)).toEqual(["new"]);
    expect(files(join(dir, "ns"))).toHaveLength(1);
  });

  it("honours a configured max age", () => {
    const { s, tick } = store({ maxAgeMs: 1000 });
    s.set("ns", "k", 1);
    tick(1001);
    expect(s.get("ns", "k")).toBeUndefined();
  });

  it("reads corrupt or foreign files as empty and overwrites them", () => {
    const { s, dir } = store();
    s.set("ns", "k", 1);
    const [file = ""] = files(join(dir, "ns"));
    for (const junk of ["{not json", "null", '{"key":"k"}', '{"key":"k","value":1,"updatedAt":"x"}', ""]) {
      writeFileSync(join(dir, "ns", file), junk);
      expect(s.get("ns", "k")).toBeUndefined();
      expect(s.list("ns")).toEqual([]);
    }
    expect(s.update("ns", "k", (cur) => (cur === undefined ? "fresh" : "stale"))?.value).toBe("fresh");
  });

  it("treats an unusable state folder as empty for reads and reports writes as state errors", () => {
    const parent = tempDir();
    writeFileSync(join(parent, "state"), "a file, not a folder");
    const s = new StateStore({ dir: join(parent, "state") });
    expect(s.get("ns", "k")).toBeUndefined();
    expect(s.list("ns")).toEqual([]);
    const error = (() => {
      try {
        s.set("ns", "k", 1);
      } catch (e) {
        return e;
      }
    })();
    expect(HookrailError.isInstance(error) && error.code).toBe("state");
  });

  it("rejects namespaces that are not plain names", () => {
    const { s } = store();
    expect(() => s.set("../escape", "k", 1)).toThrow(/invalid state namespace/);
  });

  it("waits for a held lock, then gives up with a state error; breaks a lock left by a dead writer", () => {
    const { s, dir } = store({ lockTimeoutMs: 50 });
    s.set("ns", "k", 1);
    const [file = ""] = files(join(dir, "ns"));
    const lock = join(dir, "ns", `${file}.lock`);
    writeFileSync(lock, "");
    expect(() => s.set("ns", "k", 2)).toThrow(/stayed locked/);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    expect(s.set("ns", "k", 3).value).toBe(3);
  });

  it("guardrailState uses the hook's env, clock and state.maxAgeDays", () => {
    const dir = tempDir();
    const config = { ...defaultConfig(), sections: { state: { maxAgeDays: 1 } } };
    const s = guardrailState({ env: { HOOKRAIL_STATE_DIR: dir }, config, now: 42 });
    expect([s.dir, s.maxAgeMs, s.set("ns", "k", 1).updatedAt]).toEqual([dir, DAY, 42]);
    const bad = { ...defaultConfig(), sections: { state: { maxAgeDays: -3 } } };
    expect(guardrailState({ env: { HOOKRAIL_STATE_DIR: dir }, config: bad, now: 0 }).maxAgeMs).toBe(7 * DAY);
    expect(bad.problems.join()).toMatch(/"state" settings are invalid/);
  });

  it("never keeps anything inside the repository: entries live in the state folder only", () => {
    const { s, dir } = store();
    s.set("ns", "/some/repo", { worktree: "/some/repo" });
    expect(readFileSync(join(dir, "ns", files(join(dir, "ns"))[0] ?? ""), "utf8")).toContain('"key":"/some/repo"');
  });
});

describe("state store under concurrency (slow: real processes)", () => {
  it("32 concurrent writer processes lose nothing", { timeout: 120_000 }, async () => {
    const work = tempDir("hookrail-writers-");
    const script = await writerScript(new URL("./state-writer.ts", import.meta.url), work);
    const dir = join(work, "state");
    mkdirSync(dir);
    const writers = 32;
    const rounds = 8;
    await Promise.all(
      Array.from({ length: writers }, (_, id) => execa(process.execPath, [script, dir, String(id), String(rounds)])),
    );
    const s = new StateStore({ dir });
    expect(s.get("counter", "shared")?.value).toBe(writers * rounds);
    expect(s.list("writers")).toHaveLength(writers);
    expect(s.list("writers").every((e) => (e.value as { round: number }).round === rounds - 1)).toBe(true);
    expect(s.get("log", "all")?.value).toHaveLength(writers * rounds);
    expect(readdirSync(join(dir, "counter")).filter((n) => !n.endsWith(".json") && n !== ".swept")).toEqual([]);
  });
});

// A stored entry found is a path of its own for the code cache (cache-paths.ts): a guardrail's first call finds none.
describe("the state store's path for the code cache", () => {
  const paths = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(PATHS_KEY);
  const marked = () => ((Number(paths[key]) | 0) & PATH_BITS.recorded) !== 0;

  it.each([
    ["a missing entry", (s: StateStore) => s.get("sessions", "a"), false],
    ["an empty namespace listed", (s: StateStore) => s.list("sessions"), false],
    ["an entry written", (s: StateStore) => s.set("sessions", "a", 1), false],
    ["an entry found", (s: StateStore) => s.set("sessions", "a", 1) && s.get("sessions", "a"), true],
    ["a namespace listed with an entry", (s: StateStore) => s.set("sessions", "a", 1) && s.list("sessions"), true],
  ] as const)("%s", (_, use, expected) => {
    delete paths[key];
    use(store().s);
    expect(marked()).toBe(expected);
    delete paths[key];
  });
});
