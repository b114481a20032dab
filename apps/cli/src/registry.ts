// The guardrails and CLI adapters this command knows, by name.

import { CLIS } from "@hookrail/clis";
import { type Adapter, type CliName, type Guardrail, type GuardrailManifest, refusalIn } from "@hookrail/core";
import { suggestion } from "./cli/did-you-mean.ts";
import { guardrailModules } from "./guardrails.generated.ts";

export interface RegisteredGuardrail {
  guardrail: Guardrail;
  manifest: GuardrailManifest;
}

/** A guardrail package's manifest and the guardrail it exports under the manifest's name. */
export function registered(exports: Record<string, unknown>): RegisteredGuardrail {
  const manifest = exports.manifest as GuardrailManifest;
  const guardrail = Object.values(exports).find(
    (value) => (value as Partial<Guardrail> | null)?.name === manifest.name && value !== manifest,
  ) as Guardrail | undefined;
  if (!guardrail) throw new Error(`@hookrail/${manifest.name} exports no guardrail named ${manifest.name}`);
  return { guardrail, manifest };
}

/**
 * Why a guardrail cannot run in a CLI (what the guardrail needs and the CLI's places say it lacks), in the one line
 * `hookrail install` refuses with; undefined where it runs, or for a CLI hookrail does not know.
 */
export function refusal(manifest: GuardrailManifest, cli: string): string | undefined {
  return Object.hasOwn(CLIS, cli) ? refusalIn(manifest, CLIS[cli as CliName].places.lacks) : undefined;
}

// Every packages/<name> with src/manifest.ts (see scripts/guardrails.mjs): nothing to register by hand.
export const guardrails: Record<string, RegisteredGuardrail> = Object.fromEntries(
  guardrailModules.map((exports) => {
    const found = registered(exports);
    return [found.manifest.name, found];
  }),
);

export const adapters = Object.fromEntries(Object.values(CLIS).map((cli) => [cli.name, cli.adapter])) as Record<
  CliName,
  Adapter
>;

/** A mistake in how the command was called: the message and the usage are shown, exit 2. */
export class UsageError extends Error {
  /** The command whose usage to show (default: the one being run). */
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.command = command;
  }
}

/** Something the user can fix (a broken file, a missing build): the message is shown, exit 1 (install-kit's). */
export { UserError } from "@hookrail/install-kit";

/** "unknown guardrail "x"; did you mean "y"?", or the list to choose from; "give a guardrail" when none was. */
export function unknownName(what: string, name: string | undefined, known: readonly string[]): UsageError {
  if (!name) return new UsageError(`give a ${what}: one of ${known.join(", ")}`);
  return new UsageError(`unknown ${what} "${name}"${suggestion(name, known)}`);
}

/**
 * The names a list option or the command's words give, one per value or several in a value separated by commas
 * (`--cli codex,gemini`, `merge-gate,command-gates`); an empty name between commas is left out.
 */
export const namesIn = (values: readonly string[]): string[] =>
  values.flatMap((v) => v.split(",").map((name) => name.trim())).filter((name) => name !== "");

export function findGuardrail(name: string | undefined): RegisteredGuardrail {
  const found = name && Object.hasOwn(guardrails, name) ? guardrails[name] : undefined;
  if (!found) throw unknownName("guardrail", name, Object.keys(guardrails));
  return found;
}

export function findAdapter(name: string | undefined): Adapter {
  const found = name && Object.hasOwn(adapters, name) ? adapters[name as CliName] : undefined;
  if (!found) throw unknownName("CLI", name, Object.keys(adapters));
  return found;
}
