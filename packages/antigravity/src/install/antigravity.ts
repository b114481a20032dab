// Antigravity CLI (agy): copies the guardrail's folder (plugins/<g>/antigravity/: hooks.json + bundle) into a
// customization root and sets its named hook, `hookrail-<g>`, in that root's hooks.json (agy's top-level keys
// are hook names: the user's own hooks are other keys and stay as they are). No agy binary is needed: agy reads
// the file at start. User scope: ~/.gemini/config/ (the command names the bundle by its absolute path).
// Project scope: <repo>/.agents/ (agy runs a workspace's hooks in its root; `agy --print` reports no
// workspace and so runs none of them). Hooks in hooks.json, not as an agy plugin: more sources saw hooks.json
// hooks run than plugin hooks (docs/cli-differences.md#antigravity-cli). agy documents no administrator layer.
// Built from published documentation and captures, not run against the real binary here.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  getPath,
  type InstallContext,
  type InstallProbe,
  installFolderAndFile,
  type Problem,
  readText,
  removeJsonc,
  setJsonc,
  shippedFolder,
  UserError,
  uninstallFolderAndFile,
} from "@hookrail/install-kit";

const hookName = (guardrail: string) => `hookrail-${guardrail}`;

/** How the shipped commands name a workspace's copy (see packages/antigravity/src/packaging.ts). */
const shippedCommandFolder = (g: string) => `.agents/hookrail/${g}`;

const quoted = (path: string) => path.replace(/[\\"$`]/g, (c) => `\\${c}`);

function place(guardrail: string, ctx: InstallContext) {
  const root = ctx.scope === "project" ? join(ctx.project, ".agents") : join(ctx.home, ".gemini", "config");
  const folder = join(root, "hookrail", guardrail);
  return {
    hooksFile: join(root, "hooks.json"),
    folder,
    commandFolder: ctx.scope === "project" ? shippedCommandFolder(guardrail) : quoted(folder),
  };
}

/** agy reads hooks.json as strict JSON, and a file it cannot read costs every hook in it (measured by others). */
function strict(text: string | null, file: string): Record<string, unknown> {
  if (text === null || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `${file} is not strict JSON (${(error as Error).message}), and Antigravity CLI then loads none of its hooks; fix it, then run again: nothing was changed`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new UserError(`${file} is not a JSON object of named hooks; fix it, then run again: nothing was changed`);
  return value as Record<string, unknown>;
}

/** The guardrail's shipped named hook, its commands pointed at this scope's copy. */
function shippedHook(guardrail: string, ctx: InstallContext): unknown {
  const file = join(shippedFolder(ctx, guardrail, "antigravity"), "hooks.json");
  const text = readFileSync(file, "utf8").replaceAll(
    JSON.stringify(`"${shippedCommandFolder(guardrail)}/`).slice(1, -1),
    JSON.stringify(`"${place(guardrail, ctx).commandFolder}/`).slice(1, -1),
  );
  return strict(text, file)[hookName(guardrail)];
}

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { hooksFile, folder } = place(guardrail, ctx);
  const before = ctx.read(hooksFile);
  strict(before, hooksFile);
  const after = setJsonc(before, [hookName(guardrail)], shippedHook(guardrail, ctx));
  const shipped = shippedFolder(ctx, guardrail, "antigravity");
  const from = shippedFolder(ctx, guardrail, "antigravity", true);
  return installFolderAndFile({ shipped, from, folder, file: hooksFile, before, after });
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { hooksFile, folder } = place(guardrail, ctx);
  const before = ctx.read(hooksFile);
  const after = before === null ? null : removeJsonc(before, [hookName(guardrail)]);
  // A file that held only our hook goes; anyone else's stay.
  const empty = after !== null && Object.keys(strict(after, hooksFile)).length === 0;
  return uninstallFolderAndFile({ folder, file: hooksFile, before, after: empty ? null : after });
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { hooksFile, folder } = place(guardrail, ctx);
  const text = readText(hooksFile);
  let value: Record<string, unknown>;
  try {
    value = strict(text, hooksFile);
  } catch (error) {
    if (!text?.includes(hookName(guardrail))) return { installed: false, problems: [] };
    return {
      installed: true,
      where: hooksFile,
      problems: [
        {
          id: "antigravity.file.invalid",
          problem: (error as Error).message.replace(/; fix it.*$/, ""),
          fix: `make ${hooksFile} strict JSON again`,
        },
      ],
    };
  }
  const hook = value[hookName(guardrail)];
  if (hook === undefined) return { installed: false, problems: [] };
  const again = `npx hookrail install ${guardrail} --cli antigravity --scope ${ctx.scope}`;
  const problems: Problem[] = [];
  if (getPath(hook, ["enabled"]) === false)
    problems.push({
      id: "antigravity.hook.disabled",
      problem: `"enabled": false switches ${hookName(guardrail)} off in ${hooksFile}`,
      fix: `remove it from ${hooksFile}`,
    });
  else if (JSON.stringify({ ...(hook as object), enabled: undefined }) !== JSON.stringify(shippedHook(guardrail, ctx)))
    problems.push({
      id: "antigravity.hook.edited",
      problem: `${hookName(guardrail)} in ${hooksFile} was edited since it was installed`,
      fix: `run ${again}`,
    });
  const bundle = join(folder, `${guardrail}.cjs`);
  const shipped = join(shippedFolder(ctx, guardrail, "antigravity"), `${guardrail}.cjs`);
  if (!existsSync(bundle))
    problems.push({ id: "antigravity.hook.cannot-start", problem: `${bundle} has gone`, fix: `run ${again}` });
  else if (existsSync(shipped) && readText(bundle) !== readText(shipped))
    problems.push({
      id: "antigravity.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return { installed: true, where: hooksFile, problems };
}

/** What a session-start hook checks: the named hook there and not switched off, and the bundle it runs. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  const { hooksFile, folder } = place(guardrail, ctx);
  const name = hookName(guardrail);
  const bundle = join(folder, `${guardrail}.cjs`);
  return [
    { file: hooksFile, at: [name], present: true, why: `${name} is gone from ${hooksFile}` },
    {
      file: hooksFile,
      at: [name, "enabled"],
      not: false,
      why: `"enabled": false switches ${name} off in ${hooksFile}`,
    },
    { exists: bundle, why: `${bundle} has gone` },
  ];
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines = ["Antigravity CLI reads hooks.json when it starts: /hooks in agy lists what it loaded."];
  if (ctx.scope === "project")
    lines.push(
      `Commit .agents/hooks.json and .agents/hookrail/${guardrail}/ for the team. agy runs a workspace's hooks only with a workspace: agy --print reports none, so use the user scope for print runs.`,
    );
  return lines;
}

export const antigravityInstaller: CliInstaller = {
  cli: "antigravity",
  title: "Antigravity CLI",
  bin: "agy",
  // agy's customization root, and its own folder (whose hooks.json others saw as a link to the first).
  homes: (ctx) => [join(ctx.home, ".gemini", "config"), join(ctx.home, ".gemini", "antigravity-cli")],
  scopes: ["user", "project"],
  scopeNote: { managed: "Antigravity CLI documents no administrator layer for hooks, so it has no managed scope" },
  install,
  uninstall,
  status,
  notes,
  probes,
  projectCopy: true,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
