// Gemini CLI's administrator layer: /etc/gemini-cli/settings.json (merged), with `hooksConfig.enabled: true`
// pinned, and an admin policy of the guardrail's in /etc/gemini-cli/policies/ where it ships one.

import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type InstallContext,
  type ManagedLayout,
  type Problem,
  parseJsonc,
  readText,
  sys,
} from "@hookrail/install-kit";
import { GEMINI_EXTENSION_PATH } from "../packaging.ts";

/**
 * Gemini CLI admin policies shipped with a guardrail: rules in /etc/gemini-cli/policies/ that
 * `hooksConfig` (which a user can always switch a hook off with) does not reach. A backstop for the
 * plain spelling only; the hook does the real parsing.
 */
const GEMINI_POLICIES: Record<string, string> = {
  "merge-gate": [
    "# hookrail merge-gate: the admin-tier backstop for the merge gate (the user's hooksConfig cannot switch it off)",
    "[[rule]]",
    'toolName = "run_shell_command"',
    'commandPrefix = ["gh pr merge"]',
    'decision = "deny"',
    "priority = 900",
    'denyMessage = "merge-gate (administrator policy): merging is the project owner\'s call. Once the owner approves, prefix the command with MERGE_APPROVED=1."',
    "",
  ].join("\n"),
};
const policyFile = (g: string) => `/etc/gemini-cli/policies/hookrail-${g}.toml`;

/** What still switches the guardrail off: the settings path moved away, a user's hooksConfig.disabled, the policy gone. */
function geminiManagedProblems(guardrail: string, ctx: InstallContext, file: string): Problem[] {
  const problems: Problem[] = [];
  const policy = GEMINI_POLICIES[guardrail] ? sys(ctx, policyFile(guardrail)) : undefined;
  // Measured (0.61.0): either switch turns the hook off; the admin policy (a fixed folder) still
  // denies the plain `gh pr merge …`, and without the policy the merge runs.
  const backstop = policy && existsSync(policy) ? "; only the admin policy's plain-spelling rule is left" : "";
  if (policy && !existsSync(policy))
    problems.push({
      problem: `${policy} has gone: hooksConfig.disabled or GEMINI_CLI_SYSTEM_SETTINGS_PATH then switches ${guardrail} off with nothing behind it`,
      fix: `run npx hookrail install ${guardrail} --cli gemini --scope managed as root`,
    });
  if (ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH)
    problems.push({
      problem: `GEMINI_CLI_SYSTEM_SETTINGS_PATH points Gemini away from ${file}: the system settings and their hook are skipped${backstop}`,
      fix: "unset GEMINI_CLI_SYSTEM_SETTINGS_PATH (a user can always set it: Gemini's system settings are advisory)",
    });
  for (const settings of [
    join(ctx.env.GEMINI_CLI_HOME || ctx.home, ".gemini", "settings.json"),
    join(ctx.project, ".gemini", "settings.json"),
  ]) {
    const disabled =
      (parseJsonc(readText(settings), settings).hooksConfig as { disabled?: string[] } | undefined)?.disabled ?? [];
    if (disabled.includes(guardrail))
      problems.push({
        problem: `${settings} lists ${guardrail} in hooksConfig.disabled, which the system layer cannot pin: the hook does not run${backstop}`,
        fix: `remove it from ${settings}`,
      });
  }
  return problems;
}

export const geminiManaged: ManagedLayout = {
  cli: "gemini",
  file: () => "/etc/gemini-cli/settings.json",
  format: "merged-json",
  shipped: { file: "hooks/hooks.json", folderText: () => GEMINI_EXTENSION_PATH },
  pins: () => [
    {
      path: ["hooksConfig", "enabled"],
      value: true,
      unpinned: (file) => ({
        problem: `${file} does not pin hooksConfig.enabled: true`,
        fix: `set hooksConfig.enabled to true in ${file}`,
      }),
    },
  ],
  companions: (g) => [{ path: policyFile(g), text: GEMINI_POLICIES[g] }],
  problems: geminiManagedProblems,
};
