// The install lifecycle over the files alone, as a property: random sequences of installs, uninstalls
// and updates of every guardrail, in every scope of the CLIs whose installs only write files (Codex,
// Copilot CLI, Factory Droid, Cursor, Antigravity CLI, the project scope of Gemini CLI and Qwen Code), with the user's own Codex hooks (trusted and not) before,
// between and after ours, hooks the user adds along the way, and a file of an installed guardrail deleted or
// altered (then `update`). After every step: each recorded
// install will run (its status has no problem, its Codex hooks trusted, its session-start probes hold), every hook of the user's is
// trusted exactly when it was, and their hooks stay as they wrote them. After the last uninstall, every
// file is as it was, byte for byte, or absent; nothing of hookrail is left.
// 150 sequences by default (1,000 took 416 s on a loaded 2-core machine); HOOKRAIL_PROPERTY_RUNS=<n> runs more
// (HOOKRAIL_PROPERTY_SEED=<s> replays one).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { codexTrustHash } from "@hookrail/codex/install";
import { vanishedGuardrails } from "@hookrail/core";
import { parseToml } from "@hookrail/install-kit";
import { gitRepo, prng } from "@hookrail/test-utils";
import { describe, expect, it } from "vitest";
import { installCommand } from "../src/commands/install.ts";
import { updateCommand } from "../src/commands/update.ts";
import { installContext } from "../src/install/context.ts";
import { installers } from "../src/install/installers.ts";
import { InstallRecords } from "../src/install/record.ts";
import type { CommandIO } from "../src/io.ts";
import { findGuardrail, refusal } from "../src/registry.ts";

const GUARDRAILS = ["merge-gate", "branch-drift", "worktree-check", "plan-export"];
type Scope = "user" | "project";
const TARGETS: { cli: string; scope: Scope }[] = [
  { cli: "codex", scope: "user" },
  { cli: "codex", scope: "project" },
  { cli: "copilot", scope: "user" },
  { cli: "copilot", scope: "project" },
  { cli: "gemini", scope: "project" },
  { cli: "qwen", scope: "project" },
  { cli: "droid", scope: "user" },
  { cli: "kimi", scope: "user" },
  { cli: "droid", scope: "project" },
  { cli: "cursor", scope: "user" },
  { cli: "cursor", scope: "project" },
  { cli: "antigravity", scope: "user" },
  { cli: "antigravity", scope: "project" },
];
const RUNS = Number(process.env.HOOKRAIL_PROPERTY_RUNS ?? 150);
const EVENTS = ["PreToolUse", "SessionStart", "UserPromptSubmit"];

interface World {
  home: string;
  repo: string;
  env: NodeJS.ProcessEnv;
  io: CommandIO;
  /** The user's own Codex hooks: command -> trusted by the user. */
  mine: Map<string, { file: string; trusted: boolean }>;
  /** Files the user changed during the sequence (compared by meaning at the end, not byte for byte). */
  edited: Set<string>;
}

const codexHooksFile = (w: World, scope: Scope) =>
  scope === "user" ? join(w.home, ".codex", "hooks.json") : join(w.repo, ".codex", "hooks.json");
const configFile = (w: World) => join(w.home, ".codex", "config.toml");

/** Every file under `root` (but .git), path -> content. */
function tree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === ".git") continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!readdirSync(path).length) files.set(`${relative(root, path)}/`, "");
        walk(path);
      } else files.set(relative(root, path), readFileSync(path, "utf8"));
    }
  };
  walk(root);
  return files;
}

/** The user adds a hook of their own at the end of an event (trusted as Codex would write it, or not). */
function addOwnHook(w: World, scope: Scope, event: string, trusted: boolean, n: number) {
  const file = codexHooksFile(w, scope);
  const command = `my-hook-${n}.sh`;
  const data = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { hooks: {} };
  data.hooks[event] ??= [];
  const group = { hooks: [{ type: "command", command }] };
  data.hooks[event].push(group);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  if (trusted) {
    const key = `${file}:${event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}:${data.hooks[event].length - 1}:0`;
    const config = existsSync(configFile(w)) ? readFileSync(configFile(w), "utf8") : "";
    mkdirSync(join(w.home, ".codex"), { recursive: true });
    writeFileSync(
      configFile(w),
      `${config}${config && !config.endsWith("\n") ? "\n" : ""}\n[hooks.state."${key}"]\ntrusted_hash = "${codexTrustHash(event, group, group.hooks[0] as never)}"\n`,
    );
    w.edited.add(configFile(w));
  }
  w.edited.add(file);
  w.mine.set(command, { file, trusted });
}

/** One repository for every sequence (git init costs more than a sequence): emptied but for .git each time. */
let sharedRepo: string | undefined;
function freshRepo(): string {
  sharedRepo ??= gitRepo().dir;
  for (const name of readdirSync(sharedRepo))
    if (name !== ".git") rmSync(join(sharedRepo, name), { recursive: true, force: true });
  return sharedRepo;
}

function makeWorld(rand: (n: number) => number): World {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "hookrail-prop-")));
  const repo = freshRepo();
  const env = { HOME: home, PATH: process.env.PATH, LANG: "C.UTF-8" };
  const io: CommandIO = {
    stdin: Readable.from([]),
    stdout: { write: () => true },
    stderr: { write: () => true },
    env,
    cwd: repo,
  };
  const w: World = { home, repo, env, io, mine: new Map(), edited: new Set() };
  // The user's config: comments, a model, the project trusted (else its hooks could not run).
  if (rand(4)) {
    mkdirSync(join(home, ".codex"), { recursive: true });
    writeFileSync(
      configFile(w),
      `# my Codex settings\nmodel = "m" # mine\n\n[projects."${repo}"]\ntrust_level = "trusted"\n`,
    );
  }
  for (const scope of ["user", "project"] as const)
    for (let i = rand(3); i > 0; i--)
      addOwnHook(w, scope, EVENTS[rand(EVENTS.length)] ?? "PreToolUse", rand(2) === 0, rand(1e9));
  if (rand(2)) {
    mkdirSync(join(home, ".copilot", "hooks"), { recursive: true });
    writeFileSync(join(home, ".copilot", "hooks", "mine.json"), '{"version":1,"hooks":{}}\n');
  }
  if (rand(2)) {
    mkdirSync(join(repo, ".gemini"), { recursive: true });
    writeFileSync(join(repo, ".gemini", "settings.json"), '{\n  // mine\n  "model": { "name": "x" }\n}\n');
  }
  mkdirSync(join(home, ".gemini"), { recursive: true });
  writeFileSync(join(home, ".gemini", "trustedFolders.json"), `${JSON.stringify({ [repo]: "TRUST_FOLDER" })}\n`);
  // Copilot CLI runs a project's hooks only in a folder it trusts.
  mkdirSync(join(home, ".copilot"), { recursive: true });
  writeFileSync(join(home, ".copilot", "config.json"), `${JSON.stringify({ trustedFolders: [repo] })}\n`);
  w.edited.clear();
  return w;
}

/** The Codex project must stay trusted for its hooks to run; a sequence that removed the config re-adds it. */
function ensureProjectTrust(w: World) {
  const text = existsSync(configFile(w)) ? readFileSync(configFile(w), "utf8") : "";
  if (!text.includes(`[projects."${w.repo}"]`)) {
    mkdirSync(join(w.home, ".codex"), { recursive: true });
    writeFileSync(
      configFile(w),
      `${text}${text && !text.endsWith("\n") ? "\n" : ""}[projects."${w.repo}"]\ntrust_level = "trusted"\n`,
    );
    w.edited.add(configFile(w));
  }
}

function checkInvariants(w: World, step: string) {
  const records = new InstallRecords(w.env, w.home);
  for (const r of records.all()) {
    const ctx = installContext(w.env, w.repo, r.scope, undefined, w.repo);
    const status = installers[r.cli]?.status(r.guardrail, ctx);
    expect(status?.problems ?? ["no installer"], `${step}: ${r.guardrail} for ${r.cli} ${r.scope}`).toEqual([]);
    expect(status?.installed, `${step}: ${r.guardrail} for ${r.cli} ${r.scope} is recorded but not installed`).toBe(
      true,
    );
    // What a session-start hook checks holds too: no line about a guardrail that will run.
    expect(vanishedGuardrails([r], r.cli, w.repo), `${step}: ${r.guardrail} for ${r.cli} ${r.scope}`).toEqual([]);
  }
  const state = ((
    (parseToml(existsSync(configFile(w)) ? readFileSync(configFile(w), "utf8") : "", "config.toml").value.hooks ??
      {}) as { state?: Record<string, { trusted_hash?: string }> }
  ).state ?? {}) as Record<string, { trusted_hash?: string }>;
  for (const [command, { file, trusted }] of w.mine) {
    const hooks = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")).hooks ?? {}) : {};
    let found = false;
    for (const [event, groups] of Object.entries(
      hooks as Record<string, { hooks: { type: string; command: string }[] }[]>,
    ))
      groups.forEach((group, g) => {
        if (group.hooks[0]?.command !== command) return;
        found = true;
        const key = `${file}:${event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()}:${g}:0`;
        const isTrusted = state[key]?.trusted_hash === codexTrustHash(event, group, group.hooks[0] as never);
        expect(isTrusted, `${step}: the user's ${command} (${key}) trust`).toBe(trusted);
      });
    expect(found, `${step}: the user's ${command} is gone from ${file}`).toBe(true);
  }
}

async function runSequence(seed: number) {
  const rand = prng(seed);
  const w = makeWorld(rand);
  const initial = { home: tree(w.home), repo: tree(w.repo) };
  const log: string[] = [];
  const length = 3 + rand(8);
  for (let i = 0; i < length; i++) {
    const roll = rand(10);
    if (roll === 0) {
      const scope = rand(2) ? "user" : "project";
      addOwnHook(w, scope, EVENTS[rand(EVENTS.length)] ?? "PreToolUse", rand(2) === 0, rand(1e9));
      log.push(`user adds a hook (${scope})`);
    } else if (roll === 1) {
      log.push("update");
      expect(await updateCommand(w.io, {}), log.join(" ; ")).toBe(0);
    } else if (roll === 2) {
      // A file of an installed guardrail deleted or altered (a user tidying up, a bad edit): update puts it back.
      const recorded = new InstallRecords(w.env, w.home).all();
      const r = recorded[rand(Math.max(recorded.length, 1))];
      const ctx = r && installContext(w.env, w.repo, r.scope, undefined, w.repo);
      const files = (r && ctx && installers[r.cli]?.hookFiles?.(r.guardrail, ctx)) || [];
      const file = files[rand(Math.max(files.length, 1))];
      const deleted = rand(2) === 0;
      if (file && existsSync(file)) {
        if (deleted) rmSync(file);
        else writeFileSync(file, "damaged(");
        log.push(`${deleted ? "delete" : "alter"} ${relative(w.home, file)}; update`);
      } else log.push("update");
      expect(await updateCommand(w.io, {}), log.join(" ; ")).toBe(0);
    } else {
      const target = TARGETS[rand(TARGETS.length)] ?? { cli: "codex", scope: "user" as Scope };
      // Named ones that the CLI has a moment for (`all` skips the others itself).
      const runs = (g: string) => !refusal(findGuardrail(g).manifest, target.cli);
      const names = rand(4) === 0 ? ["all"] : GUARDRAILS.filter(() => rand(2) === 0).filter(runs);
      if (!names.length) names.push("merge-gate");
      const action = roll < 7 ? "install" : "uninstall";
      if (target.cli === "codex" && target.scope === "project") ensureProjectTrust(w);
      log.push(`${action} ${names.join(",")} --cli ${target.cli} --scope ${target.scope}`);
      await installCommand(action, names, { cli: target.cli, scope: target.scope, project: w.repo }, w.io);
    }
    checkInvariants(w, `seed ${seed}: ${log.join(" ; ")}`);
  }
  for (const scope of ["user", "project"] as const)
    await installCommand("uninstall", ["all"], { cli: "all", scope, project: w.repo }, w.io);
  log.push("uninstall all --cli all (both scopes)");
  const where = `seed ${seed}: ${log.join(" ; ")}`;
  for (const [root, before] of [
    [w.home, initial.home],
    [w.repo, initial.repo],
  ] as const) {
    const after = tree(root);
    for (const [path, text] of after) {
      if (w.edited.has(join(root, path))) continue;
      expect(text, `${where}: ${path} is not as it was`).toBe(before.get(path));
    }
    for (const path of before.keys())
      if (!w.edited.has(join(root, path))) expect(after.has(path), `${where}: ${path} is gone`).toBe(true);
  }
  checkInvariants(w, where);
  rmSync(w.home, { recursive: true, force: true });
}

describe("install lifecycle over the files (property)", () => {
  it(`${RUNS} random sequences keep every invariant`, { timeout: 1_800_000 }, async () => {
    const only = process.env.HOOKRAIL_PROPERTY_SEED;
    const seeds = only ? [Number(only)] : Array.from({ length: RUNS }, (_, i) => i + 1);
    for (const seed of seeds) await runSequence(seed);
  });
});
