// Factory Droid: every user-level switch for hooks against the managed organization layer
// (/etc/factory/settings.json: the gate, hooks.hooksDisabled: false pinned), and the control for the
// user's own hooks. Outcomes as Droid 0.225.2 gave them.
import fs from "node:fs";
import path from "node:path";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import { mergeJson, viewGate } from "./edit.ts";
import { type Switch, switchesOf } from "./types.ts";

const SYSTEM = "/etc/factory/settings.json";
const factory = (s: Session) => path.join(s.rd.home, ".factory");
const userHooks = (s: Session) => path.join(factory(s), "hooks.json");
const userSettings = (s: Session) => path.join(factory(s), "settings.json");
const projectHooks = (s: Session) => path.join(s.rd.project, ".factory", "hooks.json");

/** The system file hookrail writes, changed by its administrator. */
function editSystem(
  s: Session,
  change: (settings: Record<string, unknown> & { hooks?: Record<string, unknown> }) => void,
) {
  const file = systemPath(s, SYSTEM);
  const settings = JSON.parse(fs.readFileSync(file, "utf8"));
  change(settings);
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

const row = switchesOf("droid");

const userGate = (s: Session) => ({
  PreToolUse: [{ matcher: "Execute", hooks: [{ type: "command", command: viewGate(s) }] }],
});

export const DROID_SWITCHES: Switch[] = [
  row("hooksDisabled: true (user hooks.json)", "user ~/.factory/hooks.json", "blocked", {
    apply: (s) => mergeJson(userHooks(s), { hooksDisabled: true }),
  }),
  row("hooks.hooksDisabled: true (user settings)", "user ~/.factory/settings.json", "blocked", {
    apply: (s) => mergeJson(userSettings(s), { hooks: { hooksDisabled: true } }),
  }),
  row("hooksDisabled: true (project hooks.json)", "project .factory/hooks.json", "blocked", {
    apply: (s) => mergeJson(projectHooks(s), { hooksDisabled: true }),
  }),
  row(
    "hooksDisabled: true (user hooks.json), without the pin",
    `user ~/.factory/hooks.json; the administrator removed hooks.hooksDisabled: false from ${SYSTEM}`,
    "hole",
    {
      apply: (s) => {
        mergeJson(userHooks(s), { hooksDisabled: true });
        editSystem(s, (settings) => {
          delete settings.hooks?.hooksDisabled;
        });
      },
    },
    { admin: true, closedBy: "the hooks.hooksDisabled: false pin hookrail writes (first row); hookrail doctor warns" },
  ),
  row(
    "FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH=<elsewhere>",
    "in the session's environment: an empty organization file of the user's",
    "blocked",
    {
      apply: (s) => {
        const file = path.join(s.rd.root, "user-org.json");
        mergeJson(file, {});
        s.env.FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH = file;
      },
    },
  ),
  row(
    "--settings <a runtime settings file with hooks.hooksDisabled: true>",
    "droid exec --settings ../runtime-settings.json (a file of the user's)",
    "blocked",
    {
      apply: (s) => mergeJson(path.join(s.rd.root, "runtime-settings.json"), { hooks: { hooksDisabled: true } }),
      args: ["--settings", "../runtime-settings.json"],
    },
  ),
  row(
    "a hook of the user's own (control)",
    "user ~/.factory/hooks.json: PreToolUse Execute → exit 2 on gh pr view",
    "user-hook-runs",
    {
      apply: (s) => mergeJson(userHooks(s), userGate(s)),
    },
  ),
  row(
    "allowManagedHooksOnly: true (administrator), with a hook of the user's own",
    `${SYSTEM}: allowManagedHooksOnly: true; user ~/.factory/hooks.json as in the control`,
    "user-hook-dropped",
    {
      apply: (s) => {
        mergeJson(userHooks(s), userGate(s));
        editSystem(s, (settings) => {
          settings.allowManagedHooksOnly = true;
        });
      },
    },
    { admin: true },
  ),
];
