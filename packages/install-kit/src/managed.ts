// --scope managed: the administrator's layer of each CLI, which the user (and the agent acting as
// the user) cannot switch off. The bundles are copied into <prefix>/<cli>/<guardrail>/ (root-owned);
// each CLI's system file then runs them:
// - Claude Code: a drop-in of our own, /etc/claude-code/managed-settings.d/50-hookrail-<g>.json;
// - Codex: /etc/codex/requirements.toml (no drop-ins: merged), hooks run with no trust step, and
//   `[features] hooks = true` pinned (else one line in the user's config.toml turns every hook off); each
//   handler also carries the commandWindows that runs the same managed copy;
// - Gemini CLI: /etc/gemini-cli/settings.json (merged), with `hooksConfig.enabled: true` pinned.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type HookLoaderAnswer, nodeHookCommandForCmd } from "@hookrail/core";
import { pluginFolder } from "./bundles.ts";
import { readText, sameTree } from "./files.ts";
import { type HookGroups, hooksOf, mergeGroups, removeGroups } from "./hook-groups.ts";
import { parseJsonc, setJsonc } from "./jsonc.ts";
import { managedFolder, runtimePath, sys, userWritable } from "./system.ts";
import { appendArrayTables, parseToml, removeArrayTables, setKey } from "./toml.ts";
import type { Change, GuardrailStatus, InstallContext, Problem } from "./types.ts";

type Cli = "claude" | "codex" | "gemini";

/** The shipped hooks file of a guardrail for a CLI, and the text that names its folder there. */
const SHIPPED: Record<Cli, { file: string; folderText: (g: string) => string }> = {
  claude: { file: "hooks/hooks.json", folderText: () => ["$", "{CLAUDE_PLUGIN_ROOT}"].join("") },
  gemini: { file: "hooks/hooks.json", folderText: () => ["$", "{extensionPath}"].join("") },
  codex: { file: "hooks.json", folderText: (g) => `${["$", "{CODEX_HOME:-$HOME/.codex}"].join("")}/hookrail/${g}` },
};

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

export const MANAGED_FILES: Record<Cli, (g: string) => string> = {
  claude: (g) => `/etc/claude-code/managed-settings.d/50-hookrail-${g}.json`,
  codex: () => "/etc/codex/requirements.toml",
  gemini: () => "/etc/gemini-cli/settings.json",
};

/** The guardrail's hook groups, running the managed copy. */
function managedHooks(cli: Cli, guardrail: string, ctx: InstallContext): HookGroups {
  const file = join(pluginFolder(ctx.bundles.source, guardrail, cli), SHIPPED[cli].file);
  const text = readFileSync(file, "utf8").replaceAll(
    SHIPPED[cli].folderText(guardrail),
    runtimePath(ctx, cli, guardrail),
  );
  const hooks = hooksOf(text, file);
  if (cli !== "codex") return hooks;
  // Codex on Windows runs commandWindows instead of command (requirements.toml's hooks as much as hooks.json's).
  const bundle = `${runtimePath(ctx, cli, guardrail)}/${guardrail}.cjs`;
  for (const group of Object.values(hooks).flat())
    for (const h of group.hooks)
      if (h.commandWindows !== undefined)
        // A gate's tool hook keeps its loader's block (the shipped command sets exit code 2 when the file has gone).
        h.commandWindows = codexWindowsCommand(
          bundle,
          h.commandWindows.includes("process.exitCode=2") ? { guardrail, blocking: true } : undefined,
        );
  return hooks;
}

/**
 * Codex's Windows command for a bundle at a fixed path, through the hook loader (a file that has gone answers as
 * `answer` says): `cmd.exe /C` gets it as one Rust-quoted argument (see @hookrail/codex's CODEX_DIRS), so the
 * path is a JavaScript string whose characters other than letters, digits and `/._-` are escapes: no space,
 * quote or cmd syntax reaches cmd.
 */
export function codexWindowsCommand(bundle: string, answer?: HookLoaderAnswer): string {
  const literal = [...bundle]
    .map((c) => {
      if (/[A-Za-z0-9/._-]/.test(c)) return c;
      const code = c.codePointAt(0) ?? 0;
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
    })
    .join("");
  return nodeHookCommandForCmd(`'${literal}'`, answer);
}

/** Codex's requirements.toml groups: one [[hooks.<Event>]] table per group, its handlers inline. */
function codexTables(hooks: HookGroups): { event: string; body: string[] }[] {
  return Object.entries(hooks).flatMap(([event, groups]) =>
    groups.map((group) => ({
      event,
      body: [
        ...(group.matcher !== undefined ? [`matcher = ${JSON.stringify(group.matcher)}`] : []),
        `hooks = [${group.hooks
          .map(
            (h) =>
              `{ type = ${JSON.stringify(h.type)}, command = ${JSON.stringify(h.command)}${h.commandWindows ? `, commandWindows = ${JSON.stringify(h.commandWindows)}` : ""}${h.timeout ? `, timeout = ${h.timeout}` : ""} }`,
          )
          .join(", ")}]`,
      ],
    })),
  );
}

export function managedInstall(cli: Cli, guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, cli, guardrail);
  const source = pluginFolder(ctx.bundles.source, guardrail, cli);
  const file = sys(ctx, MANAGED_FILES[cli](guardrail));
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, cli, guardrail)}/`;
  const hooks = managedHooks(cli, guardrail, ctx);
  let after: string;
  if (cli === "claude") after = `${JSON.stringify({ hooks }, null, 2)}\n`;
  else if (cli === "gemini")
    after = setJsonc(mergeGroups(before, file, guardrail, hooks, marker), ["hooksConfig", "enabled"], true);
  else {
    let text = removeArrayTables(before ?? "", ["hooks"], marker, file);
    text = setKey(text, ["hooks"], "managed_dir", join(ctx.system.prefix, "codex"), file);
    text = setKey(text, ["features"], "hooks", true, file);
    for (const { event, body } of codexTables(hooks)) text = appendArrayTables(text, ["hooks", event], [body]);
    after = text;
  }
  const policy = cli === "gemini" ? GEMINI_POLICIES[guardrail] : undefined;
  const policyPath = sys(ctx, policyFile(guardrail));
  return [
    ...(sameTree(source, folder) ? [] : [{ kind: "copy", from: source, to: folder } as const]),
    { kind: "file", path: file, before, after },
    ...(policy ? [{ kind: "file", path: policyPath, before: ctx.read(policyPath), after: policy } as const] : []),
  ];
}

export function managedUninstall(cli: Cli, guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, cli, guardrail);
  const file = sys(ctx, MANAGED_FILES[cli](guardrail));
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, cli, guardrail)}/`;
  const changes: Change[] = [];
  if (before !== null) {
    const after =
      cli === "claude"
        ? null
        : cli === "gemini"
          ? removeGroups(before, file, guardrail, marker)
          : removeArrayTables(before, ["hooks"], marker, file);
    changes.push({ kind: "file", path: file, before, after });
  }
  const policyPath = sys(ctx, policyFile(guardrail));
  if (cli === "gemini" && existsSync(policyPath))
    changes.push({ kind: "file", path: policyPath, before: ctx.read(policyPath), after: null });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  for (const parent of [dirname(folder), dirname(dirname(folder))])
    if (existsSync(parent) && readdirSync(parent).every((e) => e === guardrail || e === cli))
      changes.push({ kind: "remove", path: parent });
  return changes;
}

/** The holes in a managed install's files: a path a user could write, or a managed copy that has gone. */
export function managedCopyProblems(
  ctx: InstallContext,
  cli: string,
  guardrail: string,
  file: string,
  others: string[] = [],
): Problem[] {
  const folder = managedFolder(ctx, cli, guardrail);
  const problems = userWritable(ctx, [
    file,
    ...others,
    folder,
    ...(existsSync(folder) ? readdirSync(folder, { recursive: true }).map((f) => join(folder, String(f))) : []),
  ]);
  if (!existsSync(folder))
    problems.push({
      problem: `${folder} has gone`,
      fix: `run npx hookrail install ${guardrail} --cli ${cli} --scope managed as root`,
    });
  return problems;
}

export function managedStatus(cli: Cli, guardrail: string, ctx: InstallContext): GuardrailStatus {
  const file = sys(ctx, MANAGED_FILES[cli](guardrail));
  const text = readText(file);
  const marker = `${runtimePath(ctx, cli, guardrail)}/`;
  if (text === null || !text.includes(marker)) return { installed: false, problems: [] };
  const policy = cli === "gemini" && GEMINI_POLICIES[guardrail] ? sys(ctx, policyFile(guardrail)) : undefined;
  const problems = managedCopyProblems(ctx, cli, guardrail, file, policy && existsSync(policy) ? [policy] : []);
  if (cli === "codex") {
    const features = (parseToml(text, file).value.features ?? {}) as { hooks?: boolean };
    if (features.hooks !== true)
      problems.push({
        problem: `${file} does not pin [features] hooks = true: one line in a user's config.toml turns every hook off`,
        fix: `add [features] hooks = true to ${file}`,
      });
  }
  if (cli === "gemini") {
    const pinned = (parseJsonc(text, file).hooksConfig as { enabled?: boolean } | undefined)?.enabled === true;
    if (!pinned)
      problems.push({
        problem: `${file} does not pin hooksConfig.enabled: true`,
        fix: `set hooksConfig.enabled to true in ${file}`,
      });
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
  }
  return { installed: true, where: file, problems };
}
