// Kimi Code: copies the guardrail's folder to ${KIMI_CODE_HOME:-~/.kimi-code}/hookrail/<guardrail>/ and adds its
// [[hooks]] entries (the shipped hooks.toml) to that folder's config.toml, keeping every other byte of it. Kimi runs
// hooks only from the user's config.toml and its plugins: a project's .kimi-code files never fire, so there is
// only a user scope.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  type Problem,
  parseToml,
  pluginFolder,
  readText,
  sameTree,
} from "@hookrail/install-kit";
import { type KimiHookEntry, kimiHooksIssues } from "../hook-entries.ts";
import { kimiHome, kimiHooks, kimiMarker, ourEntries, withEntries } from "./kimi-config.ts";

function place(guardrail: string, ctx: InstallContext) {
  const base = kimiHome(ctx.env, ctx.home);
  return { configFile: join(base, "config.toml"), folder: join(base, "hookrail", guardrail) };
}

/** The entries the build wrote for this guardrail (checked against Kimi's schema by the packaging's tests). */
function shippedEntries(guardrail: string, ctx: InstallContext): KimiHookEntry[] {
  const file = join(pluginFolder(ctx.bundles.source, guardrail, "kimi"), "hooks.toml");
  const hooks = parseToml(readFileSync(file, "utf8"), file).value.hooks;
  if (!Array.isArray(hooks) || kimiHooksIssues(hooks).length) throw new Error(`${file} holds no valid [[hooks]]`);
  return hooks as KimiHookEntry[];
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { configFile, folder } = place(guardrail, ctx);
  const before = ctx.read(configFile);
  const after = withEntries(before, configFile, guardrail, shippedEntries(guardrail, ctx));
  const shipped = pluginFolder(ctx.bundles.source, guardrail, "kimi");
  return [
    ...(sameTree(shipped, folder) ? [] : [{ kind: "copy", from: shipped, to: folder } as const]),
    { kind: "file", path: configFile, before, after },
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { configFile, folder } = place(guardrail, ctx);
  const changes: Change[] = [];
  const before = ctx.read(configFile);
  if (before?.includes(kimiMarker(guardrail))) {
    const after = withEntries(before, configFile, guardrail, []);
    changes.push({ kind: "file", path: configFile, before, after: after.trim() === "" ? null : after });
  }
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  // Our parent folder goes too when this was the last guardrail in it.
  const parent = dirname(folder);
  if (existsSync(parent) && readdirSync(parent).every((entry) => entry === guardrail))
    changes.push({ kind: "remove", path: parent });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { configFile, folder } = place(guardrail, ctx);
  const text = ctx.read(configFile);
  const hooks = kimiHooks(text, configFile);
  const again = `npx hookrail install ${guardrail} --cli kimi`;
  if (hooks === undefined) {
    if (!text?.includes(kimiMarker(guardrail))) return { installed: false, problems: [] };
    return {
      installed: true,
      where: configFile,
      problems: [
        {
          id: "kimi.config.invalid",
          problem: `${configFile} is not valid TOML: Kimi Code cannot start with it ("No model configured"), and runs no hook`,
          fix: `fix the file (\`kimi doctor config ${configFile}\`)`,
        },
      ],
    };
  }
  const ours = ourEntries(hooks, guardrail);
  if (!ours.length) return { installed: false, problems: [] };
  const problems: Problem[] = [];
  const issues = kimiHooksIssues(hooks);
  if (issues.length)
    problems.push({
      id: "kimi.hooks.invalid",
      problem: `${configFile} has a [[hooks]] entry Kimi Code rejects (${issues.join("; ")}), so Kimi Code switches every hook off, ${guardrail}'s too, with only a warning on stderr`,
      fix: `fix or remove that entry (\`kimi doctor config ${configFile}\` names it)`,
    });
  const shipped = shippedEntries(guardrail, ctx);
  if (JSON.stringify(ours) !== JSON.stringify(shipped))
    problems.push({
      id: "kimi.hooks.changed",
      problem: `${guardrail}'s [[hooks]] entries in ${configFile} are not the ones hookrail ${ctx.bundles.version} ships (edited, or from another version)`,
      fix: `run ${again}`,
    });
  const bundle = join(folder, `${guardrail}.cjs`);
  const shippedBundle = join(pluginFolder(ctx.bundles.source, guardrail, "kimi"), `${guardrail}.cjs`);
  if (!existsSync(bundle))
    problems.push({
      id: "kimi.hook.cannot-start",
      problem: `${bundle} has gone, so its hooks cannot start`,
      fix: `run ${again}`,
    });
  else if (existsSync(shippedBundle) && readText(bundle) !== readText(shippedBundle))
    problems.push({
      id: "kimi.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return { installed: true, where: configFile, problems };
}

function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  const { configFile, folder } = place(guardrail, ctx);
  return [
    { exists: join(folder, `${guardrail}.cjs`), why: `its bundle ${folder} has gone` },
    { file: configFile, contains: [kimiMarker(guardrail)], why: `its [[hooks]] entries left ${configFile}` },
  ];
}

function notes(guardrail: string): string[] {
  const lines = [
    "Kimi Code switches every hook off (with only a warning on stderr) while one [[hooks]] entry in its config.toml is invalid: `npx hookrail doctor` checks them.",
  ];
  if (guardrail === "worktree-check")
    lines.push(
      "Kimi Code shows a session start's output to no one: worktree-check runs with each prompt instead, and the agent reads its verdict there.",
    );
  return lines;
}

export const kimiInstaller: CliInstaller = {
  cli: "kimi",
  title: "Kimi Code",
  bin: "kimi",
  homes: (ctx) => [kimiHome(ctx.env, ctx.home)],
  scopes: ["user"],
  scopeNote: {
    project:
      "Kimi Code runs hooks only from the user's config.toml (a project's .kimi-code files never fire them): use --scope user",
    managed: "Kimi Code has no administrator's layer for hooks: use --scope user",
  },
  install,
  uninstall,
  status,
  notes,
  probes,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
