// `hookrail doctor` with a codex on PATH that does not answer: one that exits at once (a broken install,
// an npm-installed codex with no node on PATH) is reported with its exit code and first stderr line, and
// never crashes doctor (its stdin closes before doctor writes: EPIPE); "timed out" is said only of a codex
// that really ran out of time, and that codex is stopped. Many runs, so that the race shows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codexTrustChecks } from "@hookrail/codex/install";
import { describe, expect, it } from "vitest";
import { inventory } from "../src/install/inventory.ts";
import { type Home, home } from "./_hookrail.ts";

interface Check {
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}

async function codexHome(): Promise<Home> {
  const h = home();
  expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
  return h;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("doctor: a codex on PATH that exits at once", () => {
  it.each([
    ["exits 1", "echo 'codex: broken install' >&2; exit 1", "exit 1): codex: broken install"],
    [
      "exits 127 (an npm codex with no node)",
      "echo \"/usr/bin/env: 'node': No such file or directory\" >&2; exit 127",
      "exit 127): /usr/bin/env: 'node': No such file or directory",
    ],
    ["exits 0 without a word", "exit 0", "exit 0)"],
  ])("%s: said as it is, twenty times over, never a crash", async (_, script, said) => {
    const h = await codexHome();
    h.fakeBin("codex", script);
    for (let i = 0; i < 20; i++) {
      const r = await h.hookrail("doctor", "--json");
      expect(r.code).toBe(1);
      const failed = (JSON.parse(r.stdout) as { checks: Check[] }).checks.filter((c) => !c.ok);
      expect(failed).toEqual([
        {
          id: "codex.app-server.failed",
          ok: false,
          what: `Codex's own trust verdict is unknown: codex app-server exited before it answered (${said}`,
          fix: expect.stringContaining("a codex that exits at once is a broken install"),
        },
      ]);
    }
    const text = await h.hookrail("doctor");
    expect(text.stdout).not.toMatch(/timed out/);
  });

  it("a codex that hangs: timed out, and stopped", async () => {
    const h = await codexHome();
    const pidFile = join(h.home, "codex.pid");
    h.fakeBin("codex", `echo $$ > ${pidFile}; exec /bin/sleep 60`);
    const { rows } = inventory(h.env, h.repo);
    for (let i = 0; i < 3; i++) {
      const checks = await codexTrustChecks(rows, h.env, h.repo, 300);
      expect(checks).toEqual([
        expect.objectContaining({
          id: "codex.app-server.failed",
          what: "Codex's own trust verdict is unknown: codex app-server timed out after 300 ms",
        }),
      ]);
      const pid = Number(readFileSync(pidFile, "utf8"));
      for (let wait = 0; wait < 100 && alive(pid); wait++) await new Promise((r) => setTimeout(r, 50));
      expect(alive(pid)).toBe(false);
    }
  });
});
