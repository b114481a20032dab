// The guardrails and CLI adapters this command knows, by name.

import { CLIS } from "@hookrail/clis";
import type { Adapter, CliName, Guardrail, GuardrailManifest } from "@hookrail/core";
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
export class UsageError extends Error {}

/** Something the user can fix (a broken file, a missing build): the message is shown, exit 1. */
export class UserError extends Error {}

export function findGuardrail(name: string | undefined): RegisteredGuardrail {
  const found = name ? guardrails[name] : undefined;
  if (!found)
    throw new UsageError(`unknown guardrail "${name ?? ""}"; choose one of: ${Object.keys(guardrails).join(", ")}`);
  return found;
}

export function findAdapter(name: string | undefined): Adapter {
  const found = name && name in adapters ? adapters[name as CliName] : undefined;
  if (!found) throw new UsageError(`unknown CLI "${name ?? ""}"; choose one of: ${Object.keys(adapters).join(", ")}`);
  return found;
}
