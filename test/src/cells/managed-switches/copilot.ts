// Copilot CLI: every user-level switch for hooks against the force-enabled plugin that
// /etc/github-copilot/managed-settings.json names (extraKnownMarketplaces + enabledPlugins).
import path from "node:path";
import { expect } from "vitest";
import { requireCli } from "../../clis.ts";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import type { Cell } from "../define.ts";
import { attempt, mergeJson } from "./edit.ts";
import type { Switch } from "./types.ts";

const PLUGIN = "merge-gate@hookrail-merge-gate";

const home = (s: Session) => s.env.COPILOT_HOME ?? path.join(s.rd.home, ".copilot");

const blocked = (name: string, how: string, run: Switch["run"]): Switch => ({
  cli: "copilot",
  name,
  how,
  outcome: "blocked",
  run,
});

/** What Copilot answered the user's own command (the step after the install). */
const answered = (text: string): Cell => ({
  name: `the switch is in effect as far as Copilot lets it: it answers "${text}"`,
  check(r) {
    const step = r.setup.find((x) => x.cmd.startsWith("copilot plugin"));
    expect(step?.output ?? "", JSON.stringify(step)).toContain(text);
  },
});

/** `copilot <args>` as the user runs it before the session (refused: recorded in the setup). */
const command = (args: string[]) => (s: Session) =>
  attempt(s, requireCli("copilot").bin, args, `copilot ${args.join(" ")}`);

export const COPILOT_SWITCHES: Switch[] = [
  blocked(
    "a hooks file with disableAllHooks: true",
    "user ~/.copilot/hooks/user-off.json: {version: 1, disableAllHooks: true, hooks: {}}",
    {
      apply: (s) =>
        mergeJson(path.join(home(s), "hooks", "user-off.json"), { version: 1, disableAllHooks: true, hooks: {} }),
    },
  ),
  blocked("disableAllHooks: true (user settings)", "user ~/.copilot/settings.json", {
    apply: (s) => mergeJson(path.join(home(s), "settings.json"), { disableAllHooks: true }),
  }),
  blocked("disableAllHooks: true (repo settings)", "repo .github/copilot/settings.json", {
    apply: (s) => mergeJson(path.join(s.rd.project, ".github", "copilot", "settings.json"), { disableAllHooks: true }),
  }),
  blocked(
    "the plugin set false in enabledPlugins (user settings)",
    `user ~/.copilot/settings.json: enabledPlugins {"${PLUGIN}": false}`,
    {
      apply: (s) => mergeJson(path.join(home(s), "settings.json"), { enabledPlugins: { [PLUGIN]: false } }),
    },
  ),
  {
    ...blocked("copilot plugin uninstall", `copilot plugin uninstall ${PLUGIN} (refused, exit 1), then the session`, {
      apply: command(["plugin", "uninstall", PLUGIN]),
    }),
    effect: answered("is required by your organization's managed settings and cannot be uninstalled"),
  },
  {
    ...blocked("copilot plugin disable", `copilot plugin disable ${PLUGIN} (a no-op, exit 0), then the session`, {
      apply: command(["plugin", "disable", PLUGIN]),
    }),
    effect: answered("no active plugin was disabled"),
  },
  blocked("--no-custom-instructions", "copilot -p … --no-custom-instructions", { args: ["--no-custom-instructions"] }),
  blocked("--yolo", "copilot -p … --yolo", { args: ["--yolo"] }),
  blocked(
    "COPILOT_TEST_MANAGED_SETTINGS_FILE_PATH elsewhere",
    "COPILOT_TEST_MANAGED_SETTINGS_FILE_PATH=/nonexistent/managed-settings.json in the session's environment",
    { env: { COPILOT_TEST_MANAGED_SETTINGS_FILE_PATH: "/nonexistent/managed-settings.json" } },
  ),
  {
    cli: "copilot",
    name: "allowManagedHooksOnly: true",
    how: "the administrator adds it to /etc/github-copilot/managed-settings.json (hookrail never writes it)",
    outcome: "hole",
    closedBy: "not writing it (hookrail never does; hookrail doctor warns when it is there)",
    admin: true,
    run: {
      apply: (s) =>
        mergeJson(systemPath(s, "/etc/github-copilot/managed-settings.json"), { allowManagedHooksOnly: true }),
    },
  },
];
