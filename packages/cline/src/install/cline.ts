// Cline: copies the guardrail's folder (plugins/<g>/cline/: bundle, cline.json; not its dispatcher) to
// <hooks folder>/hookrail/<g>/ and puts the dispatcher in the hooks folder once per event the guardrail binds,
// named after the event (`PreToolUse`): Cline runs the file of that name in each of its hook folders, so every
// guardrail installed there shares one dispatcher, which runs each one bound to its event and combines their
// answers (packages/cline/src/dispatcher-source.ts). A file of that name that is not hookrail's dispatcher is the
// user's own hook: it is never replaced, and the install stops with what to do. Uninstalling one guardrail
// removes its folder and the dispatchers no other guardrail there still needs. No cline binary is needed: Cline
// looks for hook files at every tool call. User scope: $CLINE_DIR/hooks, else ~/.cline/hooks. Project scope:
// <repo>/.clinerules/hooks (committed; Cline runs a workspace's hooks without asking).
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import {
  type Change,
  type CliInstaller,
  type GuardrailStatus,
  type InstallContext,
  type InstallProbe,
  type Problem,
  pluginFolder,
  readText,
  sameTree,
  shippedFolder,
  UserError,
} from "@hookrail/install-kit";
import { CLINE_DISPATCHER_FILE, CLINE_SETTINGS_FILE } from "../packaging.ts";
import { eventsOf, isDispatcher, otherGuardrails } from "./cline-files.ts";

/** The folder Cline reads the scope's hooks from. */
export function clineHooksDir(ctx: InstallContext): string {
  if (ctx.scope === "project") return join(ctx.project, ".clinerules", "hooks");
  const own = ctx.env.CLINE_DIR;
  return join(own && isAbsolute(own) ? own : join(ctx.home, ".cline"), "hooks");
}

function place(guardrail: string, ctx: InstallContext) {
  const dir = clineHooksDir(ctx);
  return { dir, folder: join(dir, "hookrail", guardrail) };
}

const clineShipped = (guardrail: string, ctx: InstallContext) => shippedFolder(ctx, guardrail, "cline");

function install(guardrail: string, ctx: InstallContext): Change[] {
  const { dir, folder } = place(guardrail, ctx);
  const shipped = clineShipped(guardrail, ctx);
  // The dispatcher is in the CLI's own folder (a project form leaves it out: PackageFile's writtenElsewhere).
  const dispatcher = readFileSync(
    join(pluginFolder(ctx.bundles.source, guardrail, "cline"), CLINE_DISPATCHER_FILE),
    "utf8",
  );
  const events = eventsOf(join(shipped, CLINE_SETTINGS_FILE));
  const files: Change[] = events.map((event) => {
    const file = join(dir, event);
    const before = ctx.read(file);
    if (before !== null && !isDispatcher(before))
      throw new UserError(
        `${file} is your own Cline ${event} hook, and Cline runs only one file of that name per folder, so hookrail will not replace it. Rename yours (e.g. to ${event}.sh: Cline runs both), or move it to ~/Documents/Cline/Hooks/, then run again: nothing was changed`,
      );
    return { kind: "file", path: file, before, after: dispatcher };
  });
  const from = shippedFolder(ctx, guardrail, "cline", true);
  // The folder without the dispatcher, which runs from the hooks folder.
  const except = [CLINE_DISPATCHER_FILE];
  return [
    ...(sameTree(shipped, folder, except) ? [] : [{ kind: "copy", from, to: folder, except } as const]),
    ...files,
  ];
}

function uninstall(guardrail: string, ctx: InstallContext): Change[] {
  const { dir, folder } = place(guardrail, ctx);
  const others = otherGuardrails(dir, guardrail, ctx.read);
  const settings = join(folder, CLINE_SETTINGS_FILE);
  const installed = eventsOf(settings, ctx.read);
  const events = installed.length ? installed : eventsOf(join(clineShipped(guardrail, ctx), CLINE_SETTINGS_FILE));
  const changes: Change[] = [];
  for (const event of events) {
    const file = join(dir, event);
    const before = ctx.read(file);
    // A dispatcher another guardrail still needs stays; a file that is not ours is never touched.
    if (!isDispatcher(before) || others.some((g) => g.events.includes(event))) continue;
    changes.push({ kind: "file", path: file, before, after: null });
  }
  // Its cline.json first, as a file the plan knows is gone: a later guardrail's uninstall in the same plan then
  // no longer counts this one among those that still need a dispatcher.
  const before = ctx.read(settings);
  if (before !== null) changes.push({ kind: "file", path: settings, before, after: null });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  if (!others.length && existsSync(join(dir, "hookrail")))
    changes.push({ kind: "remove", path: join(dir, "hookrail") });
  return changes;
}

function status(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const { dir, folder } = place(guardrail, ctx);
  const settings = join(folder, CLINE_SETTINGS_FILE);
  if (!existsSync(settings)) return { installed: false, problems: [] };
  const again = `npx hookrail install ${guardrail} --cli cline --scope ${ctx.scope}`;
  const problems: Problem[] = [];
  for (const event of eventsOf(settings)) {
    const file = join(dir, event);
    const text = ctx.read(file);
    if (!isDispatcher(text))
      problems.push({
        id: "cline.hook.missing",
        problem:
          text === null
            ? `${file} has gone, so Cline never runs ${guardrail} at ${event}`
            : `${file} is not hookrail's dispatcher, so Cline never runs ${guardrail} at ${event}`,
        fix: text === null ? `run ${again}` : `rename that file (e.g. to ${event}.sh), then run ${again}`,
      });
  }
  const bundle = join(folder, `${guardrail}.cjs`);
  const shipped = join(clineShipped(guardrail, ctx), `${guardrail}.cjs`);
  if (!existsSync(bundle))
    problems.push({ id: "cline.hook.cannot-start", problem: `${bundle} has gone`, fix: `run ${again}` });
  else if (existsSync(shipped) && readText(bundle) !== readText(shipped))
    problems.push({
      id: "cline.hook.outdated",
      problem: `${bundle} differs from the one hookrail ${ctx.bundles.version} ships`,
      fix: "run npx hookrail update",
    });
  return { installed: true, version: ctx.bundles.version, where: folder, problems };
}

/** What a session-start hook checks: the bundle there, and a dispatcher for each event it binds. */
function probes(guardrail: string, ctx: InstallContext): InstallProbe[] {
  const { dir, folder } = place(guardrail, ctx);
  const bundle = join(folder, `${guardrail}.cjs`);
  const events = eventsOf(join(clineShipped(guardrail, ctx), CLINE_SETTINGS_FILE));
  return [
    { exists: bundle, why: `${bundle} has gone` },
    ...events.map((event) => ({ exists: join(dir, event), why: `${join(dir, event)} has gone` })),
  ];
}

function notes(guardrail: string, ctx: InstallContext): string[] {
  const lines = [
    "Cline looks for hook files at every tool call: the next cline run uses it, nothing to restart.",
    "Cline runs no hook before the model's first request (TaskStart's answer is dropped), so nothing is said at a session's start.",
  ];
  if (ctx.scope === "project")
    lines.push(
      `Commit .clinerules/hooks/ (the dispatchers and hookrail/${guardrail}/) for the team; Cline runs them with node.`,
    );
  return lines;
}

export const clineInstaller: CliInstaller = {
  cli: "cline",
  title: "Cline",
  bin: "cline",
  homes: (ctx) => [join(ctx.home, ".cline")],
  scopes: ["user", "project"],
  scopeNote: { managed: "Cline has no administrator layer for hooks: install for each user, or in the project" },
  install,
  uninstall,
  status,
  notes,
  probes,
  projectCopy: true,
  hookFiles: (guardrail, ctx) => [join(place(guardrail, ctx).folder, `${guardrail}.cjs`)],
};
