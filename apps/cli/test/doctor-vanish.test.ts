// `hookrail doctor` for every way an installed guardrail can vanish from a CLI that only reads files
// (Codex, Copilot CLI, Gemini CLI's project scope): each is a problem with its stable id and a fix,
// doctor exits 1, and `list` says it will not run. A file that cannot be read is one problem, and every
// other check still runs. (Claude Code and Gemini CLI's user scope: test/published/*.test.ts.)
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ourTrust } from "@hookrail/codex/install";
import { removeTable, setKey } from "@hookrail/install-kit";
import { describe, expect, it } from "vitest";
import { type Home, home } from "./_hookrail.ts";

interface Check {
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}

async function failing(h: Home): Promise<Check[]> {
  const r = await h.hookrail("doctor", "--json");
  expect(r.code, r.stdout).toBe(1);
  const checks = (JSON.parse(r.stdout) as { checks: Check[] }).checks.filter((c) => !c.ok);
  for (const c of checks) expect(c.fix, c.what).toBeTruthy();
  expect((await h.hookrail("list")).code).toBe(1);
  return checks;
}

const codexHooks = (h: Home) => join(h.home, ".codex", "hooks.json");
const codexConfig = (h: Home) => join(h.home, ".codex", "config.toml");

type Case = [string, string[], (h: Home) => void, string];

const cases: Case[] = [
  [
    "Codex: its hooks removed from hooks.json",
    ["install", "merge-gate", "--cli", "codex"],
    (h) => writeFileSync(codexHooks(h), '{ "hooks": {} }\n'),
    "codex.guardrail.vanished",
  ],
  [
    "Codex: its trust removed from config.toml",
    ["install", "merge-gate", "--cli", "codex"],
    (h) => {
      let config = h.read(codexConfig(h));
      for (const { key } of ourTrust(codexHooks(h), h.read(codexHooks(h)), "merge-gate"))
        config = removeTable(config, ["hooks", "state", key], "config.toml");
      writeFileSync(codexConfig(h), config);
    },
    "codex.hook.untrusted",
  ],
  [
    "Codex: a hook of the user's put before it (Codex trusts by place)",
    ["install", "merge-gate", "--cli", "codex"],
    (h) => {
      const data = JSON.parse(h.read(codexHooks(h)));
      data.hooks.PreToolUse.unshift({ matcher: "Bash", hooks: [{ type: "command", command: "mine.sh" }] });
      writeFileSync(codexHooks(h), JSON.stringify(data, null, 2));
    },
    "codex.hook.untrusted",
  ],
  [
    "Codex: switched off in config.toml",
    ["install", "merge-gate", "--cli", "codex"],
    (h) => {
      const [first] = ourTrust(codexHooks(h), h.read(codexHooks(h)), "merge-gate");
      writeFileSync(
        codexConfig(h),
        setKey(h.read(codexConfig(h)), ["hooks", "state", first?.key ?? ""], "enabled", false, "c"),
      );
    },
    "codex.hook.disabled",
  ],
  [
    "Codex: its bundle deleted",
    ["install", "merge-gate", "--cli", "codex"],
    (h) => rmSync(join(h.home, ".codex", "hookrail", "merge-gate"), { recursive: true }),
    "codex.hook.cannot-start",
  ],
  [
    "Codex: the project not trusted",
    ["install", "merge-gate", "--cli", "codex", "--scope", "project"],
    () => {},
    "codex.project.untrusted",
  ],
  [
    "Copilot CLI: its hook file deleted",
    ["install", "merge-gate", "--cli", "copilot"],
    (h) => rmSync(join(h.home, ".copilot", "hooks", "hookrail-merge-gate.json")),
    "copilot.guardrail.vanished",
  ],
  [
    "Copilot CLI: its bundle deleted",
    ["install", "merge-gate", "--cli", "copilot"],
    (h) => rmSync(join(h.home, ".copilot", "hooks", "hookrail-merge-gate"), { recursive: true }),
    "copilot.hook.cannot-start",
  ],
  [
    "Gemini CLI (project): its hooks removed from the workspace settings",
    ["install", "merge-gate", "--cli", "gemini", "--scope", "project"],
    (h) => writeFileSync(join(h.repo, ".gemini", "settings.json"), "{}\n"),
    "gemini.guardrail.vanished",
  ],
  [
    "Gemini CLI (project): its copy deleted",
    ["install", "merge-gate", "--cli", "gemini", "--scope", "project"],
    (h) => rmSync(join(h.repo, ".gemini", "hookrail"), { recursive: true }),
    "gemini.hook.cannot-start",
  ],
  [
    "Gemini CLI (project): listed in hooksConfig.disabled",
    ["install", "merge-gate", "--cli", "gemini", "--scope", "project"],
    (h) => h.write(join(h.home, ".gemini", "settings.json"), '{ "hooksConfig": { "disabled": ["merge-gate"] } }\n'),
    "gemini.hook.disabled",
  ],
  [
    "Gemini CLI (project): hooks switched off",
    ["install", "merge-gate", "--cli", "gemini", "--scope", "project"],
    (h) => h.write(join(h.home, ".gemini", "settings.json"), '{ "hooksConfig": { "enabled": false } }\n'),
    "gemini.hooks.disabled",
  ],
];

describe("doctor: each way a guardrail can vanish", () => {
  it.each(cases)("%s", async (_, install, vanish, id) => {
    const h = home();
    // Trusted folders, so that what is checked is the vanishing alone.
    h.write(".gemini/trustedFolders.json", JSON.stringify({ [h.repo]: "TRUST_FOLDER" }));
    const r = await h.hookrail(...install);
    expect(r.code, r.stderr).toBe(0);
    expect((await h.hookrail("doctor")).code).toBe(id === "codex.project.untrusted" ? 1 : 0);
    vanish(h);
    expect((await failing(h)).map((c) => c.id)).toContain(id);
  });

  it("a broken file is one problem; every other CLI is still checked", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot")).code).toBe(0);
    writeFileSync(codexConfig(h), "model = = 1\n");
    const r = await h.hookrail("doctor");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FIX {2}codex user: .*config\.toml is not valid TOML at line 1, column 9/);
    expect(r.stdout).toContain("ok   copilot user merge-gate: installed");
    const list = await h.hookrail("list");
    expect(list.stdout).toMatch(/^cannot check codex \(user scope\): .*config\.toml is not valid TOML/m);
    expect(list.stdout).toMatch(/copilot +user +merge-gate +\S+ +yes/);
  });

  it("no node on the PATH the CLI starts hooks with: a gate cannot start", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "copilot")).code).toBe(0);
    rmSync(join(h.home, "bin", "node"));
    expect((await failing(h)).map((c) => c.id)).toEqual(
      expect.arrayContaining(["node.missing", "copilot.hook.cannot-start"]),
    );
  });

  it("no node on PATH: list counts no guardrail as running, a gate or not, and says why, as doctor does", async () => {
    const h = home();
    expect((await h.hookrail("install", "all", "--cli", "codex")).code).toBe(0);
    expect((await h.hookrail("install", "branch-drift", "--cli", "pi")).code).toBe(0);
    const installed = (await h.hookrail("list")).stdout;
    const codexRows = installed.split("\n").filter((l) => l.startsWith("codex ")).length;
    expect(codexRows).toBeGreaterThan(2);
    rmSync(join(h.home, "bin", "node"));
    const list = await h.hookrail("list");
    expect(list.code).toBe(1);
    const rows = list.stdout.split("\n").filter((l) => l.startsWith("codex "));
    expect(rows).toHaveLength(codexRows);
    for (const row of rows) expect(row).toMatch(/ no: its hooks cannot start: there is no node on PATH$/);
    // Pi runs its extension in its own Node: no node on PATH is needed there.
    expect(list.stdout).toMatch(/^pi +user +branch-drift +\S+ +yes$/m);
    expect(list.stdout).toContain(`list: 1 of ${codexRows + 1} will run;`);
    const doctor = JSON.parse((await h.hookrail("doctor", "--json")).stdout) as { checks: Check[] };
    const failing = doctor.checks.filter((c) => !c.ok && c.id === "codex.hook.cannot-start");
    expect(failing).toHaveLength(codexRows);
    expect(doctor.checks.find((c) => c.id === "node.missing")?.ok).toBe(false);
  });

  it("Qwen Code (project): a trailing comma in its settings file, which Qwen would replace by an empty one", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "qwen", "--scope", "project")).code).toBe(0);
    const file = join(h.repo, ".qwen", "settings.json");
    // A comment is fine: Qwen reads comments.
    writeFileSync(file, `// mine\n${h.read(file)}`);
    expect((await h.hookrail("list")).stdout).toMatch(/^qwen +project \S+ +merge-gate +\S+ +yes$/m);
    writeFileSync(file, h.read(file).replace(/\n}\s*$/, ",\n}\n"));
    const checks = await failing(h);
    expect(checks.find((c) => c.id === "qwen.settings.not-json")?.what).toMatch(
      /Qwen Code cannot parse .*settings\.json \(a trailing comma at line \d+, column \d+\): at its next start here it saves it as settings\.json\.corrupted/,
    );
  });

  it("an unreadable bundle: a gate cannot start", async () => {
    const h = home();
    expect((await h.hookrail("install", "merge-gate", "--cli", "codex")).code).toBe(0);
    const bundle = join(h.home, ".codex", "hookrail", "merge-gate", "merge-gate.cjs");
    chmodSync(bundle, 0o000);
    // root reads any file: there, an unreadable bundle cannot be made.
    if (process.getuid?.() === 0) {
      chmodSync(bundle, 0o644);
      rmSync(bundle);
    }
    expect((await failing(h)).map((c) => c.id)).toContain("codex.hook.cannot-start");
  });
});
