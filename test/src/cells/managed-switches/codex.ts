// Codex CLI: every user-level switch for hooks against the managed requirements
// (/etc/codex/requirements.toml: [hooks] managed_dir, the gate's tables, [features] hooks = true).
import fs from "node:fs";
import path from "node:path";
import { systemPath } from "../../runner/managed-install.ts";
import type { Session } from "../../runner/session.ts";
import { dropSystemLine, tomlLines, viewGate } from "./edit.ts";
import type { Switch } from "./types.ts";

const REQUIREMENTS = "/etc/codex/requirements.toml";
/** The managed gate's PreToolUse handler as Codex keys it (managed_dir = <prefix>/codex). */
const GATE_KEY = "/opt/hookrail/codex:pre_tool_use:0:0";

const userConfig = (s: Session) => path.join(s.rd.codexHome, "config.toml");
const userFeatures = (line: string) => (s: Session) => tomlLines(userConfig(s), "features", [line]);

/** The user's own PreToolUse Bash hook that blocks `gh pr view` (run with --dangerously-bypass-hook-trust). */
function userViewGate(s: Session): void {
  const hook = ["[[hooks.PreToolUse]]", 'matcher = "Bash"', "[[hooks.PreToolUse.hooks]]", 'type = "command"'];
  fs.appendFileSync(userConfig(s), `\n${[...hook, `command = ${JSON.stringify(viewGate(s))}`].join("\n")}\n`);
}

const blocked = (name: string, how: string, run: Switch["run"]): Switch => ({
  cli: "codex",
  name,
  how,
  outcome: "blocked",
  run,
});

/**
 * A switch for every hook, twice: with the pin hookrail writes (blocked), and with the administrator
 * having removed it (the switch is real: the merge runs).
 */
const pinned = (name: string, how: string, run: Switch["run"]): Switch[] => [
  blocked(name, how, run),
  {
    cli: "codex",
    name: `${name}, without the pin`,
    how: `${how}; the administrator removed \`hooks = true\` from [features] in requirements.toml`,
    outcome: "hole",
    closedBy: "the [features] hooks = true pin hookrail writes (row above); hookrail doctor warns when it is missing",
    admin: true,
    run: {
      ...run,
      apply: async (s) => {
        await run.apply?.(s);
        dropSystemLine(s, REQUIREMENTS, "hooks = true");
      },
    },
  },
];

export const CODEX_SWITCHES: Switch[] = [
  ...pinned("[features] hooks = false", "user ~/.codex/config.toml", { apply: userFeatures("hooks = false") }),
  ...pinned("[features] codex_hooks = false (legacy name)", "user ~/.codex/config.toml", {
    apply: userFeatures("codex_hooks = false"),
  }),
  ...pinned("--disable hooks", "codex exec --disable hooks …", { args: ["--disable", "hooks"] }),
  ...pinned("-c features.hooks=false", "codex exec -c features.hooks=false …", {
    args: ["-c", "features.hooks=false"],
  }),
  ...pinned("[features] hooks = false in the project", "project .codex/config.toml (a trusted project)", {
    apply: (s) => tomlLines(path.join(s.rd.project, ".codex", "config.toml"), "features", ["hooks = false"]),
  }),
  blocked(
    "the gate's trust entry overwritten",
    `user config.toml: [hooks.state."${GATE_KEY}"] trusted_hash = "sha256:00…"`,
    {
      apply: (s) =>
        tomlLines(userConfig(s), `hooks.state."${GATE_KEY}"`, [`trusted_hash = "sha256:${"0".repeat(64)}"`]),
    },
  ),
  blocked("the gate's hook state enabled = false", `user config.toml: [hooks.state."${GATE_KEY}"] enabled = false`, {
    apply: (s) => tomlLines(userConfig(s), `hooks.state."${GATE_KEY}"`, ["enabled = false"]),
  }),
  blocked("the project marked untrusted", 'user config.toml: [projects."<project>"] trust_level = "untrusted"', {
    apply: (s) => {
      const file = userConfig(s);
      fs.writeFileSync(
        file,
        fs.readFileSync(file, "utf8").replace('trust_level = "trusted"', 'trust_level = "untrusted"'),
      );
    },
  }),
  blocked("--dangerously-bypass-hook-trust", "codex exec --dangerously-bypass-hook-trust …", {
    args: ["--dangerously-bypass-hook-trust"],
  }),
  {
    cli: "codex",
    name: "a user hook of their own (control)",
    how: "user config.toml: a PreToolUse Bash hook that blocks gh pr view; --dangerously-bypass-hook-trust",
    outcome: "user-hook-runs",
    run: { apply: userViewGate, args: ["--dangerously-bypass-hook-trust"] },
  },
  {
    cli: "codex",
    name: "allow_managed_hooks_only = true with a user hook",
    how: "the administrator adds allow_managed_hooks_only = true to requirements.toml; the user's hook as in the control",
    outcome: "user-hook-dropped",
    admin: true,
    run: {
      apply: (s) => {
        userViewGate(s);
        const file = systemPath(s, REQUIREMENTS);
        fs.writeFileSync(file, `allow_managed_hooks_only = true\n${fs.readFileSync(file, "utf8")}`);
      },
      args: ["--dangerously-bypass-hook-trust"],
    },
  },
];
