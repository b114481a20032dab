// What `hookrail doctor` says about one guardrail's settings: the ones it runs with under this config,
// from the guardrail itself, so each guardrail shows its own and nothing of another's.
import type { Config } from "@hookrail/core";
import { unprefixed } from "./doctor-text.ts";
import { guardrails } from "./registry.ts";

export interface SettingsCheck {
  settings: Record<string, unknown>;
  check: { ok: boolean; what: string; fix?: string };
}

/** The guardrail's settings, and a check that fails when its section of the config is invalid. */
export function guardrailSettings(name: string, config: Config): SettingsCheck {
  const guardrail = guardrails[name]?.guardrail;
  const before = config.problems.length;
  // A guardrail that does not describe its settings: its config section as written.
  const settings = guardrail?.settings ? guardrail.settings(config) : { ...config.sections[name] };
  const problems = config.problems.slice(before);
  if (problems.length === 0)
    return { settings, check: { ok: true, what: `${name} settings: ${describeSettings(settings)}` } };
  return {
    settings,
    check: {
      ok: false,
      what: `${name} settings: ${problems.map(unprefixed).join("; ")}; so it runs with ${describeSettings(settings)}`,
      fix: `fix the "${name}" section of ${configFiles(config, problems)}`,
    },
  };
}

/** The config files the problems name (the first one each names), else every file read: what the user edits. */
export function configFiles(config: Config, problems: readonly string[]): string {
  const named = problems.flatMap((problem) => {
    const at = config.sources
      .map((file) => ({ file, index: problem.indexOf(file) }))
      .filter((f) => f.index >= 0)
      .sort((a, b) => a.index - b.index);
    return at[0] ? [at[0].file] : [];
  });
  const files = [...new Set(named.length ? named : config.sources)];
  return files.length ? files.join(" and ") : "the config";
}

/** `key: value` pairs, lists joined with commas: `enabled: true; protectedBranches: main, master`. */
export function describeSettings(settings: Record<string, unknown>): string {
  const pairs = Object.entries(settings).map(
    ([key, value]) =>
      `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : typeof value === "string" ? value : JSON.stringify(value)}`,
  );
  return pairs.join("; ") || "none";
}
