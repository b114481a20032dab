// --scope managed: the administrator's layer of a CLI, which the user (and the agent acting as the user) cannot
// switch off. The guardrail's folder is copied into <prefix>/<cli>/<guardrail>/ (root-owned); the CLI's system
// file then runs it. What that file is, and what else the layer needs, is the CLI's own: its package gives it
// here as a ManagedLayout.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pluginFolder } from "./bundles.ts";
import { readText, sameTree } from "./files.ts";
import { type HookGroups, hooksOf } from "./hook-groups.ts";
import { type ManagedFormat, type ManagedPin, pinnedValue, removedText, writtenText } from "./managed-files.ts";
import { managedFolder, runtimePath, sys, userWritable } from "./system.ts";
import type { Change, GuardrailStatus, InstallContext, Problem } from "./types.ts";

export type { ManagedFormat, ManagedPin } from "./managed-files.ts";

/** A system file that goes with a guardrail's managed install (e.g. an admin policy). */
export interface ManagedCompanion {
  /** The file as the CLI reads it (from /, before the system root). */
  path: string;
  /** Its text; none: this guardrail ships none, and uninstall removes one left there. */
  text?: string;
}

/** How a CLI's administrator layer runs a guardrail's hooks. */
export interface ManagedLayout {
  /** The CLI: the name of its folder under the prefix. */
  cli: string;
  /** The system file that registers the guardrail's hooks, as the CLI reads it (from /). */
  file: (guardrail: string) => string;
  /** How that file is written: a drop-in of our own, or a settings file shared with the administrator. */
  format: ManagedFormat;
  /** The shipped hooks file (in the guardrail's folder for the CLI) and the text in it that names that folder. */
  shipped: { file: string; folderText: (guardrail: string) => string };
  /** The groups' last touch once their commands run the managed copy at `folder` (the path the CLI sees). */
  finish?: (hooks: HookGroups, guardrail: string, folder: string) => HookGroups;
  /** Keys set in a shared file, in order (a switch a user's own settings would otherwise turn every hook off with). */
  pins?: (ctx: InstallContext) => ManagedPin[];
  /** Other system files that go with the guardrail. */
  companions?: (guardrail: string) => ManagedCompanion[];
  /** The layer's own holes, after the managed copy's and the pins'. */
  problems?: (guardrail: string, ctx: InstallContext, file: string) => Problem[];
}

/** The guardrail's hook groups, running the managed copy. */
function managedHooks(layout: ManagedLayout, guardrail: string, ctx: InstallContext): HookGroups {
  const folder = runtimePath(ctx, layout.cli, guardrail);
  const file = join(pluginFolder(ctx.bundles.source, guardrail, layout.cli), layout.shipped.file);
  const text = readFileSync(file, "utf8").replaceAll(layout.shipped.folderText(guardrail), folder);
  const hooks = hooksOf(text, file);
  return layout.finish ? layout.finish(hooks, guardrail, folder) : hooks;
}

export function managedInstall(layout: ManagedLayout, guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, layout.cli, guardrail);
  const source = pluginFolder(ctx.bundles.source, guardrail, layout.cli);
  const file = sys(ctx, layout.file(guardrail));
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, layout.cli, guardrail)}/`;
  const hooks = managedHooks(layout, guardrail, ctx);
  const after = writtenText(layout.format, { before, file, guardrail, hooks, marker }, layout.pins?.(ctx) ?? []);
  const companions = (layout.companions?.(guardrail) ?? []).flatMap(({ path, text }) =>
    text === undefined
      ? []
      : [{ kind: "file", path: sys(ctx, path), before: ctx.read(sys(ctx, path)), after: text } as const],
  );
  return [
    ...(sameTree(source, folder) ? [] : [{ kind: "copy", from: source, to: folder } as const]),
    { kind: "file", path: file, before, after },
    ...companions,
  ];
}

export function managedUninstall(layout: ManagedLayout, guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, layout.cli, guardrail);
  const file = sys(ctx, layout.file(guardrail));
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, layout.cli, guardrail)}/`;
  const changes: Change[] = [];
  if (before !== null)
    changes.push({
      kind: "file",
      path: file,
      before,
      after: removedText(layout.format, before, file, guardrail, marker),
    });
  for (const { path } of layout.companions?.(guardrail) ?? [])
    if (existsSync(sys(ctx, path)))
      changes.push({ kind: "file", path: sys(ctx, path), before: ctx.read(sys(ctx, path)), after: null });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  for (const parent of [dirname(folder), dirname(dirname(folder))])
    if (existsSync(parent) && readdirSync(parent).every((e) => e === guardrail || e === layout.cli))
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

export function managedStatus(layout: ManagedLayout, guardrail: string, ctx: InstallContext): GuardrailStatus {
  const file = sys(ctx, layout.file(guardrail));
  const text = readText(file);
  const marker = `${runtimePath(ctx, layout.cli, guardrail)}/`;
  if (text === null || !text.includes(marker)) return { installed: false, problems: [] };
  const others = (layout.companions?.(guardrail) ?? [])
    .filter((c) => c.text !== undefined)
    .map((c) => sys(ctx, c.path))
    .filter((path) => existsSync(path));
  const problems = managedCopyProblems(ctx, layout.cli, guardrail, file, others);
  for (const pin of layout.pins?.(ctx) ?? [])
    if (pin.unpinned && pinnedValue(layout.format, text, file, pin.path) !== pin.value)
      problems.push(pin.unpinned(file));
  problems.push(...(layout.problems?.(guardrail, ctx, file) ?? []));
  return { installed: true, where: file, problems };
}
