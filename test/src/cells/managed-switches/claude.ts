// Claude Code: every user-level switch for hooks against the managed drop-in
// (/etc/claude-code/managed-settings.d/50-hookrail-merge-gate.json).
import path from "node:path";
import { expect } from "vitest";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import type { Cell } from "../define.ts";
import { mergeJson, viewGate } from "./edit.ts";
import type { Switch } from "./types.ts";

/** The user's, the project's and the local settings file. */
const LEVELS: { level: string; shown: string; file: (s: Session) => string }[] = [
  {
    level: "user",
    shown: "user ~/.claude/settings.json",
    file: (s) => path.join(s.rd.home, ".claude", "settings.json"),
  },
  {
    level: "project",
    shown: "project .claude/settings.json",
    file: (s) => path.join(s.rd.project, ".claude", "settings.json"),
  },
  {
    level: "local",
    shown: "local .claude/settings.local.json",
    file: (s) => path.join(s.rd.project, ".claude", "settings.local.json"),
  },
];

/** The session's own non-managed hook (the PostToolUse spy from --settings) never fired, though a command ran. */
const nonManagedHooksOff: Cell = {
  name: "the switch is in effect: the session's non-managed PostToolUse hook (from --settings) did not fire",
  check(r) {
    expect(r.calls.some((c) => c.executed)).toBe(true);
    expect(r.stdout).not.toMatch(/"hook_name":"PostToolUse/);
  },
};

/** The session reported bypassPermissions as its permission mode. */
const bypassOn: Cell = {
  name: "the switch is in effect: the session runs in bypassPermissions mode",
  check: (r) => expect(r.stdout).toMatch(/"permissionMode":"bypassPermissions"/),
};

/** Claude Code refuses bypassPermissions as root outside a sandbox it is told of: these runs say they are one. */
const AS_ROOT = { IS_SANDBOX: "1" };

const row = (name: string, how: string, run: Switch["run"], effect?: Cell): Switch => ({
  cli: "claude",
  name,
  how,
  outcome: "blocked",
  run,
  ...(effect ? { effect } : {}),
});

const settings = (name: string, patch: Record<string, unknown>, effect?: Cell): Switch[] =>
  LEVELS.map(({ level, shown, file }) =>
    row(
      `${name} (${level})`,
      `${shown}: ${JSON.stringify(patch)}`,
      { apply: (s) => mergeJson(file(s), patch) },
      effect,
    ),
  );

const flag = (args: string[], effect?: Cell, env: Record<string, string> = {}): Switch => {
  const prefix = Object.entries(env).map(([k, v]) => `${k}=${v} `);
  return row(args.join(" "), `${prefix.join("")}claude -p … ${args.join(" ")}`, { args, env }, effect);
};

const env = (name: string, value: string, effect?: Cell): Switch =>
  row(`${name}=${value}`, "in the session's environment", { env: { [name]: value } }, effect);

/** The user's own PreToolUse hook that blocks `gh pr view`. */
const userViewGate = (s: Session) =>
  mergeJson(path.join(s.rd.home, ".claude", "settings.json"), {
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: viewGate(s) }] }] },
  });

export const CLAUDE_SWITCHES: Switch[] = [
  ...settings("disableAllHooks", { disableAllHooks: true }, nonManagedHooksOff),
  ...settings("hooks: {}", { hooks: {} }),
  flag(["--settings", JSON.stringify({ disableAllHooks: true })]),
  flag(["--bare"], nonManagedHooksOff),
  flag(["--safe-mode"], nonManagedHooksOff),
  flag(["--setting-sources", "user"]),
  flag(["--setting-sources", "project"]),
  flag(["--setting-sources", "user,project,local"]),
  env("CLAUDE_CODE_SIMPLE", "1", nonManagedHooksOff),
  env("CLAUDE_CODE_SAFE_MODE", "1", nonManagedHooksOff),
  env("CLAUDE_CODE_PERSONAL_HOOKS_OFF", "1"),
  env("CLAUDE_CODE_MANAGED_SETTINGS_PATH", "/nonexistent/managed-settings.json"),
  row(
    "permissions.defaultMode: bypassPermissions",
    "user ~/.claude/settings.json (IS_SANDBOX=1: the runs are root)",
    {
      apply: (s) =>
        mergeJson(path.join(s.rd.home, ".claude", "settings.json"), {
          permissions: { defaultMode: "bypassPermissions" },
        }),
      env: AS_ROOT,
    },
    bypassOn,
  ),
  flag(["--permission-mode", "bypassPermissions"], bypassOn, AS_ROOT),
  flag(["--dangerously-skip-permissions"], bypassOn, AS_ROOT),
  {
    cli: "claude",
    name: "a user hook of their own (control)",
    how: "user ~/.claude/settings.json: a PreToolUse Bash hook that blocks gh pr view",
    outcome: "user-hook-runs",
    run: { apply: userViewGate },
  },
  {
    cli: "claude",
    name: "allowManagedHooksOnly: true with a user hook",
    how: "the administrator's drop-in /etc/claude-code/managed-settings.d/10-admin.json; the user's view-blocking hook as in the control",
    outcome: "user-hook-dropped",
    admin: true,
    run: {
      apply: (s) => {
        userViewGate(s);
        mergeJson(systemPath(s, "/etc/claude-code/managed-settings.d/10-admin.json"), { allowManagedHooksOnly: true });
      },
    },
  },
];
