// Claude Code switches every plugin off while ~/.claude/settings.json holds a comment or a trailing comma
// (measured in Claude Code 2.1.332): `list` counts hookrail's guardrails there as not running, `doctor` and
// `install` say so, each naming every place that breaks the file (line and column) and the fix.

import { strictJsonErrors } from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";
import { type Home, home } from "./_hookrail.ts";

/** A stand-in Claude Code whose plugin commands write what the real one writes, as far as hookrail reads it. */
function fakeClaude(h: Home) {
  h.fakeBin(
    "claude",
    [
      'PATH=/usr/bin:/bin; p="$HOME/.claude/plugins"; mkdir -p "$p"',
      'case "$2 $3" in',
      `  "marketplace add") printf '{"hookrail-user":{"installLocation":"%s"}}' "$4" > "$p/known_marketplaces.json" ;;`,
      `  "install "*) printf '{"plugins":{"%s":[{"scope":"user","installPath":"/x"}]}}' "$3" > "$p/installed_plugins.json"`,
      `     printf '{\\n  "model": "opus",\\n  "enabledPlugins": { "%s": true }\\n}\\n' "$3" > "$HOME/.claude/settings.json" ;;`,
      "esac",
    ].join("\n"),
  );
}

const BROKEN = '{\n  // mine\n  "model": "opus",\n  "enabledPlugins": { "merge-gate@hookrail-user": true, },\n}\n';

describe("a ~/.claude/settings.json that is not strict JSON", () => {
  it("list counts the guardrail as not running and doctor names every place, with the fix", async () => {
    const h = home();
    fakeClaude(h);
    const installed = await h.hookrail("install", "merge-gate", "--cli", "claude");
    expect(installed.code, installed.stderr).toBe(0);
    expect((await h.hookrail("list")).stdout).toMatch(/^claude +user +merge-gate +\S+ +yes$/m);
    const file = h.write(".claude/settings.json", BROKEN);
    const list = await h.hookrail("list");
    expect(list.code).toBe(1);
    expect(list.stdout).toContain(
      `no: Claude Code switches every plugin off while ${file} does not parse as strict JSON, so this guardrail is off: a comment at line 2, column 3; a trailing comma at line 4, column 55; a trailing comma at line 4, column 58`,
    );
    expect(list.stdout).toContain("list: 0 of 1 will run;");
    const doctor = JSON.parse((await h.hookrail("doctor", "--json")).stdout) as {
      checks: { id: string; ok: boolean; fix?: string }[];
    };
    expect(doctor.checks.find((c) => c.id === "claude.settings.not-json")?.fix).toBe(
      `remove every comment and trailing comma from ${file} (Claude Code reads strict JSON only), then run hookrail doctor`,
    );
  });

  it("install refuses, says the plugins are off meanwhile, and names every place", async () => {
    const h = home();
    fakeClaude(h);
    const file = h.write(".claude/settings.json", BROKEN);
    for (const scope of ["user", "project"]) {
      const r = await h.hookrail("install", "merge-gate", "--cli", "claude", "--scope", scope);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `hookrail: ${file} does not parse as strict JSON: a comment at line 2, column 3; a trailing comma at line 4, column 55; a trailing comma at line 4, column 58, and Claude Code cannot edit it; meanwhile Claude Code switches every plugin off, hookrail's guardrails included; remove them (Claude Code reads strict JSON only), then run again: nothing was changed\n`,
      );
    }
  });

  it.each([
    ['{"a": 1}', []],
    ['{\n  /* block */ "a": 1\n}', ["a comment at line 2, column 3"]],
    ["[1, 2,]", ["a trailing comma at line 1, column 6"]],
    ['{"a": 1 "b": 2}', ["a missing comma at line 1, column 9"]],
    ['{"a": 1,\n // x\n}', ["a trailing comma at line 1, column 8", "a comment at line 2, column 2"]],
  ])("%j: %j", (text, expected) => {
    expect(strictJsonErrors(text).map((e) => `${e.what} at line ${e.line}, column ${e.column}`)).toEqual(expected);
  });
});
