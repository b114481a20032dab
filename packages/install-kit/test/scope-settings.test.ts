// The guardrails of a dispatcher's scope: each folder's settings file as the plan so far leaves it, a damaged one
// standing for what this hookrail ships, a folder without one (an older hookrail's) left to entries of its own.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { othersInScope, parseScopeSettings, type ScopeFolders, shippedScopeSettings } from "../src/index.ts";

const settings = (guardrail: string, failure: "closed" | "open" = "open") => ({
  guardrail,
  bundle: `${guardrail}.cjs`,
  failure,
  timeoutSeconds: 10,
  bindings: [{ event: "PreToolUse", args: [] }],
});

function scope(planned: Record<string, string | null> = {}): ScopeFolders {
  const dir = tempDir("hookrail-scope-");
  const root = join(dir, "installed");
  const shipped = join(dir, "shipped");
  for (const g of ["a-gate", "b-note", "c-older"]) mkdirSync(join(root, g), { recursive: true });
  for (const g of ["a-gate", "b-note", "d-new"]) {
    mkdirSync(join(shipped, g), { recursive: true });
    writeFileSync(join(shipped, g, "cli.json"), JSON.stringify(settings(g, g === "a-gate" ? "closed" : "open")));
  }
  writeFileSync(join(root, "a-gate", "cli.json"), "{ damaged");
  writeFileSync(join(root, "b-note", "cli.json"), JSON.stringify(settings("b-note")));
  const read = (file: string) => {
    const key = file.slice(root.length + 1);
    if (key in planned) return planned[key] ?? null;
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  return {
    root,
    settingsFile: "cli.json",
    shipped: (g) => join(shipped, g, "cli.json"),
    guardrails: ["a-gate", "b-note", "d-new"],
    read,
  };
}

describe("a dispatcher's scope", () => {
  it("reads each folder's settings, a damaged one as shipped, and leaves out the guardrail asked about", () => {
    const at = scope();
    expect(othersInScope(at, "b-note").map((s) => [s.guardrail, s.failure])).toEqual([["a-gate", "closed"]]);
    expect(othersInScope(at, "x").map((s) => s.guardrail)).toEqual(["a-gate", "b-note"]);
  });

  it("takes a folder only under its guardrail's name (not a copy set aside while one is replaced)", () => {
    const at = scope({ [join("b-note.hookrail-undo-1-0", "cli.json")]: JSON.stringify(settings("b-note")) });
    mkdirSync(join(at.root, "b-note.hookrail-undo-1-0"));
    expect(othersInScope(at, "b-note").map((s) => s.guardrail)).toEqual(["a-gate"]);
  });

  it("sees what the plan so far writes and removes", () => {
    const at = scope({
      [join("d-new", "cli.json")]: JSON.stringify(settings("d-new")),
      [join("b-note", "cli.json")]: null,
    });
    expect(othersInScope(at, "x").map((s) => s.guardrail)).toEqual(["a-gate", "d-new"]);
  });

  it("parses settings and refuses what is not one", () => {
    expect(parseScopeSettings(JSON.stringify(settings("a")))?.guardrail).toBe("a");
    expect(parseScopeSettings("{}")).toBeUndefined();
    expect(parseScopeSettings("[")).toBeUndefined();
    expect(parseScopeSettings(null)).toBeUndefined();
    expect(() => shippedScopeSettings(scope(), "c-older")).toThrow(/holds no guardrail's settings/);
  });
});
