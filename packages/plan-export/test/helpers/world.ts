// A throwaway world for plan-export tests: a temporary HOME, state folder and git repository, a clock,
// and the real captured payloads (placeholders replaced) run through runHook with the real adapters.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { CLIS } from "@hookrail/clis";
import { type Adapter, type CliName, runHook } from "@hookrail/core";
import { type GitRepo, gitRepo, tempDir } from "@hookrail/test-utils";
import { planExport } from "../../src/guardrail.ts";

// Each CLI's adapter, through the one list of CLIs.

const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const ADAPTERS = Object.fromEntries(Object.values(CLIS).map((c) => [c.name, c.adapter])) as Record<CliName, Adapter>;
export const START = Date.parse("2026-11-30T14:12:00Z");

export interface HookResult {
  exitCode: number;
  stdout: string;
  json: Record<string, unknown> | null;
  /** The text shown to the user (systemMessage), if any. */
  user?: string;
  /** The text given to the model (additionalContext), if any. */
  model?: string;
}

export type World = ReturnType<typeof world>;

export function world(options: { repo?: GitRepo; home?: string; allowFailures?: boolean } = {}) {
  const home = options.home ?? tempDir("plan-export-home-");
  const repo = options.repo ?? gitRepo();
  const log = join(home, "debug.log");
  let clock = START;
  const env: Record<string, string> = {
    HOME: home,
    HOOKRAIL_STATE_DIR: join(home, "state"),
    XDG_CONFIG_HOME: join(home, "config"),
    HOOKRAIL_DEBUG_LOG: log,
    PATH: process.env.PATH ?? "",
  };
  return {
    home,
    repo,
    env,
    log,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
    /** Runs one captured payload through the guardrail as `cli` would, and fails on any swallowed error. */
    async hook(
      cli: CliName,
      payload: Record<string, unknown>,
      extraEnv: Record<string, string> = {},
    ): Promise<HookResult> {
      const answer = await runHook({
        guardrail: planExport,
        adapter: ADAPTERS[cli],
        stdin: JSON.stringify(payload),
        env: { ...env, ...extraEnv },
        now: () => clock,
      });
      const failures = existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter((l) => /"failure"|failed/.test(l))
        : [];
      if (failures.length && !options.allowFailures)
        throw new Error(`plan-export failed (silently, as it must):\n${failures.join("\n")}`);
      const json = answer.stdout.trim() ? (JSON.parse(answer.stdout) as Record<string, unknown>) : null;
      const specific = (json?.hookSpecificOutput ?? {}) as Record<string, unknown>;
      return {
        exitCode: answer.exitCode,
        stdout: answer.stdout,
        json,
        ...(typeof json?.systemMessage === "string" ? { user: json.systemMessage } : {}),
        ...(typeof specific.additionalContext === "string" ? { model: specific.additionalContext } : {}),
      };
    },
    /** The exported plans of one outcome: file name, front matter fields and body. */
    exported(outcome: "accepted" | "rejected", root = repo.dir, dir = `docs/plans/${outcome}`) {
      const folder = join(root, dir);
      if (!existsSync(folder)) return [];
      return readdirSync(folder)
        .sort()
        .map((name) => {
          const text = readFileSync(join(folder, name), "utf8");
          const [, head = "", body = ""] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text) ?? [];
          const meta = Object.fromEntries(
            head.split("\n").map((line) => {
              const [key = "", ...rest] = line.split(": ");
              const value = rest.join(": ");
              return [key, value.startsWith('"') ? JSON.parse(value) : value];
            }),
          ) as Record<string, string>;
          return { name, meta, body };
        });
    },
  };
}

/** A captured payload with its placeholders replaced. */
export function fixture(cli: CliName, name: string, vars: Record<string, string>, patch: Record<string, unknown> = {}) {
  let text = readFileSync(join(FIXTURES, cli, `${name}.json`), "utf8");
  for (const [key, value] of Object.entries(vars)) text = text.replaceAll(key, JSON.stringify(value).slice(1, -1));
  const payload = JSON.parse(text) as Record<string, unknown>;
  return { ...payload, ...patch };
}

export function writeFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

export const relativeTo = (from: string, to: string) => relative(from, to);
