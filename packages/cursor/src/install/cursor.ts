// Cursor: copies the guardrail's folder (plugins/<g>/cursor/: hooks.json + bundle) next to the hooks.json that
// runs it and merges its entries into that file after the user's own. No Cursor binary is needed: hooks are
// files Cursor reads when a session starts. User scope: ~/.cursor/ (commands name the bundle by its absolute
// path: Cursor does not promise the folder a user hook runs in). Project scope: <repo>/.cursor/ (commands find
// the bundle through CURSOR_PROJECT_DIR, so the committed file works in every clone). Managed scope: Cursor's
// enterprise file /etc/cursor/hooks.json, running a root-owned copy in <prefix>/cursor/<g>/.
// Built from Cursor's documentation, not run against the real binary here (docs/cli-differences.md#cursor).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type FlatHooks,
  flatHooksOf,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  installFolderAndFile,
  managedCopyProblems,
  managedFolder,
  mergeFlatHooks,
  type Problem,
  parseJsonc,
  readText,
  removeFlatHooks,
  runsFolder,
  runtimePath,
  shippedFolder,
  sys,
  uninstallFolderAndFile,
} from "@hookrail/install-kit";

export const CURSOR_MANAGED_FILE = "/etc/cursor/hooks.json";

/** How the shipped commands name a project's copy (see packages/cursor/src/packaging.ts). */
const shippedCommandFolder = (g: string) => `$CURSOR_PROJECT_DIR/.cursor/hookrail/${g}`;

/** Inside a double-quoted shell word, the characters the shell would still read. */
const quoted = (path: string) => path.replace(/[\\"$`]/g, (c) => `\\${c}`);

/** The hooks.json, the folder the bundle is copied to, and the folder as the commands name it. */
function place(guardrail: string, ctx: InstallContext) {
  if (ctx.scope === "managed")
    return {
      hooksFile: sys(ctx, CURSOR_MANAGED_FILE),
      folder: managedFolder(ctx, "cursor", guardrail),
      commandFolder: runtimePath(ctx, "cursor", guardrail),
    };
  const dir = ctx.scope === "project" ? join(ctx.project, ".cursor") : join(ctx.home, ".cursor");
  const folder = join(dir, "hookrail", guardrail);
  return {
    hooksFile: join(dir, "hooks.json"),
    folder,
    commandFolder: ctx.scope === "project" ? shippedCommandFolder(guardrail) : quoted(folder),
  };
}

/** The guardrail's shipped entries, their commands pointed at this scope's copy. */
function shippedHooks(guardrail: string, ctx: InstallContext): FlatHooks {
  const file = join(shippedFolder(ctx, guardrail, "cursor"), "hooks.json");
  const text = readFileSync(file, "utf8").replaceAll(
    JSON.stringify(shippedCommandFolder(guardrail)).slice(1, -1),
    JSON.stringify(place(guardrail, ctx).commandFolder).slice(1, -1),
  );
  return flatHooksOf(text, file);
}

const markerOf = (guardrail: string, ctx: InstallContext) => `${place(guardrail, ctx).commandFolder}/`;

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { hooksFile, folder } = place(guardrail, ctx);
  const before = ctx.read(hooksFile);
  const after = mergeFlatHooks(before, hooksFile, shippedHooks(guardrail, ctx), markerOf(guardrail, ctx));
  // The managed layer copies from the package straight into its root-owned prefix; the others from the stable copy.
  const from = shippedFolder(ctx, guardrail, "cursor", ctx.scope !== "managed");
  const shipped = shippedFolder(ctx, guardrail, "cursor");
  return installFolderAndFile({ shipped, from, folder, file: hooksFile, before, after });
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { hooksFile, folder } = place(guardrail, ctx);
  const before = ctx.read(hooksFile);
  const after = before === null ? null : removeFlatHooks(before, hooksFile, markerOf(guardrail, ctx));
  // A file that held only our entries goes; anyone else's stay.
  const empty =
    after !== null &&
    Object.keys(flatHooksOf(after, hooksFile)).length === 0 &&
    Object.keys(parseJsonc(after, hooksFile)).every((k) => k === "version" || k === "hooks");
  return uninstallFolderAndFile({ folder, file: hooksFile, before, after: empty ? null : after });
}

/** Claude Code settings Cursor also reads when its third-party setting is on (docs/cli-differences.md#cursor). */
function claudeCopies(guardrail: string, ctx: InstallContext): string[] {
  const files = [join(ctx.home, ".claude", "settings.json")];
  if (ctx.scope === "project")
    files.push(join(ctx.project, ".claude", "settings.json"), join(ctx.project, ".claude", "settings.local.json"));
  return files.filter((file) => {
    try {
      const enabled = parseJsonc(readText(file), file).enabledPlugins as Record<string, unknown> | undefined;
      return enabled?.[`${guardrail}@hookrail`] === true;
    } catch {
      return false;
    }
  });
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { hooksFile, folder } = place(guardrail, ctx);
  const text = ctx.read(hooksFile);
  const installed = Object.entries(flatHooksOf(text, hooksFile)).flatMap(([event, list]) =>
    Array.isArray(list) ? list.filter(runsFolder(markerOf(guardrail, ctx))).map((entry) => ({ event, entry })) : [],
  );
  if (!installed.length) return { installed: false, problems: [] };
  const again = `npx hookrail install ${guardrail} --cli cursor --scope ${ctx.scope}`;
  const problems: Problem[] = ctx.scope === "managed" ? managedCopyProblems(ctx, "cursor", guardrail, hooksFile) : [];
  if (parseJsonc(text, hooksFile).version !== 1)
    problems.push({
      id: "cursor.file.version",
      problem: `${hooksFile} does not say "version": 1, which Cursor requires`,
      fix: `add "version": 1 to ${hooksFile}`,
    });
  const bundle = join(folder, `${guardrail}.cjs`);
  const shipped = shippedFolder(ctx, guardrail, "cursor");
  if (!existsSync(bundle) && ctx.scope !== "managed")
    problems.push({ id: "cursor.hook.cannot-start", problem: `${bundle} has gone`, fix: `run ${again}` });
  else if (
    existsSync(shipped) &&
    existsSync(bundle) &&
    readText(bundle) !== readText(join(shipped, `${guardrail}.cjs`))
  )
    problems.push({
      id: "cursor.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  const expected = shippedHooks(guardrail, ctx);
  const edited = installed.filter(({ event, entry }) => JSON.stringify(expected[event]?.[0]) !== JSON.stringify(entry));
  if (edited.length || Object.keys(expected).some((event) => !installed.some((i) => i.event === event)))
    problems.push({
      id: "cursor.hook.edited",
      problem: `${guardrail}'s entries in ${hooksFile} were edited since they were installed (a gate loses failClosed, an event its hook)`,
      fix: `run ${again}`,
    });
  for (const file of claudeCopies(guardrail, ctx))
    problems.push({
      id: "cursor.hook.duplicate",
      problem: `${guardrail} is also installed for Claude Code in ${file}, which Cursor runs too when "Include third-party Plugins, Skills, and other configs" is on: ${guardrail} would run twice there`,
      fix: `switch that Cursor setting off (Settings → Rules, Skills, Subagents), or uninstall one copy: npx hookrail uninstall ${guardrail} --cli claude`,
    });
  return { installed: true, where: hooksFile, problems };
}

/** What a session-start hook checks: the copy there, its entries still in hooks.json, which says `"version": 1`. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  if (ctx.scope === "managed") return [];
  const { hooksFile, folder } = place(guardrail, ctx);
  return [
    { exists: join(folder, `${guardrail}.cjs`), why: `${join(folder, `${guardrail}.cjs`)} has gone` },
    {
      file: hooksFile,
      contains: [JSON.stringify(markerOf(guardrail, ctx)).slice(1, -1)],
      why: `its entries are gone from ${hooksFile}`,
    },
    { file: hooksFile, at: ["version"], is: 1, why: `${hooksFile} does not say "version": 1` },
  ];
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines = ["Cursor reads hooks when a session starts: open a new agent session (Settings → Hooks lists them)."];
  if (ctx.scope === "project")
    lines.push(
      `Commit .cursor/hooks.json and .cursor/hookrail/${guardrail}/ for the team; Cursor runs them with node.`,
    );
  if (claudeCopies(guardrail, ctx).length)
    lines.push(
      `${guardrail} is also installed for Claude Code, whose hooks Cursor runs too when "Include third-party Plugins, Skills, and other configs" is on: switch that off, or it runs twice (hookrail doctor keeps saying so).`,
    );
  return lines;
}

export const cursorInstaller: CliInstaller = {
  cli: "cursor",
  title: "Cursor",
  bin: "cursor-agent",
  // The editor and cursor-agent share ~/.cursor, and both run its hooks.
  homes: (ctx) => [join(ctx.home, ".cursor")],
  scopes: ["user", "project", "managed"],
  install,
  uninstall,
  status,
  notes,
  probes,
  projectCopy: true,
  hookFiles: (guardrail, ctx) =>
    ctx.scope === "managed" ? [] : [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
