// The guardrails and CLI adapters this command knows, by name.

import { branchDrift, manifest as branchDriftManifest } from "@hookrail/branch-drift";
import { CLIS } from "@hookrail/clis";
import type { Adapter, CliName, Guardrail, GuardrailManifest } from "@hookrail/core";
import { mergeGate, manifest as mergeGateManifest } from "@hookrail/merge-gate";
import { planExport, manifest as planExportManifest } from "@hookrail/plan-export";
import { worktreeCheck, manifest as worktreeCheckManifest } from "@hookrail/worktree-check";

export interface RegisteredGuardrail {
  guardrail: Guardrail;
  manifest: GuardrailManifest;
}

export const guardrails: Record<string, RegisteredGuardrail> = {
  "merge-gate": { guardrail: mergeGate, manifest: mergeGateManifest },
  "worktree-check": { guardrail: worktreeCheck, manifest: worktreeCheckManifest },
  "branch-drift": { guardrail: branchDrift, manifest: branchDriftManifest },
  "plan-export": { guardrail: planExport, manifest: planExportManifest },
};

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
