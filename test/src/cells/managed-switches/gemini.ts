// Gemini CLI: every user-level switch for hooks against the managed system settings
// (/etc/gemini-cli/settings.json: the gate, hooksConfig.enabled: true) and the admin policy
// (/etc/gemini-cli/policies/hookrail-merge-gate.toml). Rows about the hook alone remove the policy
// first, so that what blocks is the hook.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import { mergeJson } from "./edit.ts";
import type { Outcome, Switch } from "./types.ts";

const POLICY = "/etc/gemini-cli/policies/hookrail-merge-gate.toml";
const CLOSED_BY_POLICY = "the admin policy hookrail writes (next row); hookrail doctor warns";

const user = (s: Session) => path.join(s.rd.home, ".gemini", "settings.json");
const workspace = (s: Session) => path.join(s.rd.project, ".gemini", "settings.json");

/** A row, either against the hook alone (the policy removed) or against the whole managed install. */
function row(
  name: string,
  how: string,
  outcome: Outcome,
  run: Switch["run"],
  opts: { hookAlone?: boolean; closedBy?: string } = {},
): Switch {
  const apply = async (s: Session) => {
    if (opts.hookAlone) fs.rmSync(systemPath(s, POLICY));
    await run.apply?.(s);
  };
  return {
    cli: "gemini",
    name: `${name}${opts.hookAlone ? " (hook alone)" : " (hook + admin policy)"}`,
    how: opts.hookAlone ? `${how}; the admin policy removed, so only the hook can block` : how,
    outcome,
    ...(opts.closedBy ? { closedBy: opts.closedBy } : {}),
    run: { ...run, apply },
  };
}

/** A policy file of the user's that allows `gh pr merge` above every other rule of its tier. */
const ALLOW_MERGE_SHOWN = 'allow commandPrefix "gh pr merge", priority 999';
function writeAllowMerge(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "gh pr merge"\ndecision = "allow"\npriority = 999\n',
  );
}

const disabledByName = (file: (s: Session) => string) => (s: Session) =>
  mergeJson(file(s), { hooksConfig: { disabled: ["merge-gate"] } });
const systemPathOverride = { env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: "/nonexistent/settings.json" } };

/** The system file hookrail writes, without its hooksConfig.enabled pin (the administrator removed it). */
function dropPin(s: Session): void {
  const file = systemPath(s, "/etc/gemini-cli/settings.json");
  const settings = JSON.parse(fs.readFileSync(file, "utf8")) as { hooksConfig?: { enabled?: boolean } };
  if (settings.hooksConfig?.enabled !== true) throw new Error("no hooksConfig.enabled pin in the system settings");
  delete settings.hooksConfig.enabled;
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

/** hooksConfig.enabled: false at one level: with the pin hookrail writes (blocked), and without it (the merge runs). */
const pinned = (level: string, how: string, file: (s: Session) => string): Switch[] => {
  const off = (s: Session) => mergeJson(file(s), { hooksConfig: { enabled: false } });
  return [
    row(`hooksConfig.enabled: false (${level})`, how, "blocked", { apply: off }, { hookAlone: true }),
    {
      ...row(
        `hooksConfig.enabled: false (${level}), without the pin`,
        `${how}; the administrator removed hooksConfig.enabled: true from /etc/gemini-cli/settings.json`,
        "hole",
        {
          apply: (s) => {
            off(s);
            dropPin(s);
          },
        },
        {
          hookAlone: true,
          closedBy:
            "the hooksConfig.enabled: true pin hookrail writes (row above); hookrail doctor warns when it is missing",
        },
      ),
      admin: true,
    },
  ];
};

export const GEMINI_SWITCHES: Switch[] = [
  ...pinned("user", "user ~/.gemini/settings.json", user),
  ...pinned("workspace", "workspace .gemini/settings.json (a trusted folder)", workspace),
  row(
    "hooks.BeforeTool: [] (user)",
    "user ~/.gemini/settings.json",
    "blocked",
    {
      apply: (s) => mergeJson(user(s), { hooks: { BeforeTool: [] } }),
    },
    { hookAlone: true },
  ),
  row(
    'hooksConfig.disabled: ["merge-gate"] (user)',
    "user ~/.gemini/settings.json",
    "hole",
    {
      apply: disabledByName(user),
    },
    { hookAlone: true, closedBy: CLOSED_BY_POLICY },
  ),
  row('hooksConfig.disabled: ["merge-gate"] (user)', "user ~/.gemini/settings.json", "policy", {
    apply: disabledByName(user),
  }),
  row('hooksConfig.disabled: ["merge-gate"] (workspace)', "workspace .gemini/settings.json", "policy", {
    apply: disabledByName(workspace),
  }),
  row(
    "hooksConfig.disabled + a user policy allowing gh pr merge",
    `user settings as above, and ~/.gemini/policies/allow-merge.toml: ${ALLOW_MERGE_SHOWN}`,
    "policy",
    {
      apply: (s) => {
        disabledByName(user)(s);
        writeAllowMerge(path.join(s.rd.home, ".gemini", "policies", "allow-merge.toml"));
      },
    },
  ),
  {
    ...row(
      "hooksConfig.disabled + --admin-policy allowing gh pr merge",
      `user settings as above, and gemini -p … --admin-policy <a file of the user's: ${ALLOW_MERGE_SHOWN}>`,
      "policy",
      {
        apply: (s) => {
          disabledByName(user)(s);
          writeAllowMerge(path.join(s.rd.root, "allow-merge.toml"));
        },
        // Relative to the session's folder (the project, next to the run's root).
        args: ["--admin-policy", "../allow-merge.toml"],
      },
    ),
    effect: {
      name: "Gemini says it ignores the user's --admin-policy: system policies exist",
      check: (r) => expect(r.stderr).toContain("Ignoring --admin-policy because system policies are already defined"),
    },
  },
  row(
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH elsewhere",
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/nonexistent/settings.json in the session's environment",
    "hole",
    systemPathOverride,
    {
      hookAlone: true,
      closedBy: CLOSED_BY_POLICY,
    },
  ),
  row(
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH elsewhere",
    "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/nonexistent/settings.json in the session's environment",
    "policy",
    systemPathOverride,
  ),
  row(
    "extensions off",
    "gemini -p … --extensions none",
    "blocked",
    { args: ["--extensions", "none"] },
    { hookAlone: true },
  ),
];
