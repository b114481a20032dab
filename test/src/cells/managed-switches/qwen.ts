// Qwen Code: every user-level switch for hooks against the managed system settings
// (/etc/qwen-code/settings.json: the gate, disableAllHooks: false pinned), and the control for the user's
// own hooks. Outcomes as Qwen Code 0.24.4 gave them.
import fs from "node:fs";
import path from "node:path";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import { mergeJson, viewGate } from "./edit.ts";
import { type Switch, switchesOf } from "./types.ts";

const SYSTEM = "/etc/qwen-code/settings.json";
const user = (s: Session) => path.join(s.rd.home, ".qwen", "settings.json");
const project = (s: Session) => path.join(s.rd.project, ".qwen", "settings.json");
const off = (file: (s: Session) => string) => (s: Session) => mergeJson(file(s), { disableAllHooks: true });

/** The system file hookrail writes, without its disableAllHooks pin (the administrator removed it). */
function dropPin(s: Session): void {
  const file = systemPath(s, SYSTEM);
  const settings = JSON.parse(fs.readFileSync(file, "utf8")) as { disableAllHooks?: boolean };
  if (settings.disableAllHooks !== false) throw new Error(`no disableAllHooks pin in ${SYSTEM}`);
  delete settings.disableAllHooks;
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

const row = switchesOf("qwen");

const NO_CLOSE = "nothing the administrator can set: a user can always start Qwen this way (hookrail doctor warns)";

export const QWEN_SWITCHES: Switch[] = [
  row("disableAllHooks: true (user)", "user ~/.qwen/settings.json", "blocked", { apply: off(user) }),
  row("disableAllHooks: true (project)", "project .qwen/settings.json", "blocked", { apply: off(project) }),
  row(
    "disableAllHooks: true (user), without the pin",
    `user ~/.qwen/settings.json; the administrator removed disableAllHooks: false from ${SYSTEM}`,
    "hole",
    {
      apply: (s) => {
        off(user)(s);
        dropPin(s);
      },
    },
    { admin: true, closedBy: "the disableAllHooks: false pin hookrail writes (first row); hookrail doctor warns" },
  ),
  row("hooks: {} (user)", "user ~/.qwen/settings.json", "blocked", {
    apply: (s) => mergeJson(user(s), { hooks: {} }),
  }),
  row("--safe-mode", "qwen -p … --safe-mode", "hole", { args: ["--safe-mode"] }, { closedBy: NO_CLOSE }),
  row(
    "QWEN_CODE_SAFE_MODE=1",
    "in the session's environment",
    "hole",
    { env: { QWEN_CODE_SAFE_MODE: "1" } },
    {
      closedBy: NO_CLOSE,
    },
  ),
  row("--bare", "qwen -p … --bare", "hole", { args: ["--bare"] }, { closedBy: NO_CLOSE }),
  row(
    "QWEN_CODE_SYSTEM_SETTINGS_PATH=<elsewhere>",
    "in the session's environment: /nonexistent/settings.json",
    "hole",
    { env: { QWEN_CODE_SYSTEM_SETTINGS_PATH: "/nonexistent/settings.json" } },
    { closedBy: NO_CLOSE },
  ),
  row(
    "a hook of the user's own (control)",
    "user ~/.qwen/settings.json: PreToolUse run_shell_command → exit 2 on gh pr view",
    "user-hook-runs",
    {
      apply: (s) =>
        mergeJson(user(s), {
          hooks: { PreToolUse: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: viewGate(s) }] }] },
        }),
    },
  ),
];
