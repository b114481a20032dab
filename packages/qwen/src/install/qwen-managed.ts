// Qwen Code's administrator layer: the system settings, /etc/qwen-code/settings.json (Qwen loads it whatever
// the folder's trust, and it overrides the user's and the project's settings). The bundles are copied into
// <prefix>/qwen/<g>/ (root-owned); the guardrail's groups are merged into the file's "hooks", and
// `disableAllHooks: false` is pinned there, so a user's settings cannot switch every hook off.
import { existsSync, readdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  type Change,
  type GuardrailStatus,
  getPath,
  type InstallContext,
  managedCopyProblems,
  managedFolder,
  mergeGroups,
  type Problem,
  parseJsonc,
  pluginFolder,
  readText,
  removeGroups,
  runtimePath,
  sameTree,
  setJsonc,
  sys,
} from "@hookrail/install-kit";
import { qwenSwitches } from "./qwen-checks.ts";
import { QWEN_SYSTEM_SETTINGS, qwenHooks } from "./qwen-files.ts";

export function qwenManagedInstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "qwen", guardrail);
  const source = pluginFolder(ctx.bundles.source, guardrail, "qwen");
  const file = sys(ctx, QWEN_SYSTEM_SETTINGS);
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, "qwen", guardrail)}/`;
  const hooks = qwenHooks(guardrail, ctx, runtimePath(ctx, "qwen", guardrail));
  const after = setJsonc(mergeGroups(before, file, guardrail, hooks, marker), ["disableAllHooks"], false);
  return [
    ...(sameTree(source, folder) ? [] : [{ kind: "copy", from: source, to: folder } as const]),
    { kind: "file", path: file, before, after },
  ];
}

export function qwenManagedUninstall(guardrail: string, ctx: InstallContext): Change[] {
  const folder = managedFolder(ctx, "qwen", guardrail);
  const file = sys(ctx, QWEN_SYSTEM_SETTINGS);
  const before = ctx.read(file);
  const marker = `${runtimePath(ctx, "qwen", guardrail)}/`;
  const changes: Change[] = [];
  if (before !== null)
    changes.push({ kind: "file", path: file, before, after: removeGroups(before, file, guardrail, marker) });
  if (existsSync(folder)) changes.push({ kind: "remove", path: folder });
  for (const parent of [dirname(folder), dirname(dirname(folder))])
    if (existsSync(parent) && readdirSync(parent).every((e) => e === guardrail || e === "qwen"))
      changes.push({ kind: "remove", path: parent });
  return changes;
}

export function qwenManagedStatus(guardrail: string, ctx: InstallContext): GuardrailStatus {
  const file = sys(ctx, QWEN_SYSTEM_SETTINGS);
  const text = readText(file);
  if (text === null || !text.includes(`${runtimePath(ctx, "qwen", guardrail)}/`))
    return { installed: false, problems: [] };
  const problems: Problem[] = managedCopyProblems(ctx, "qwen", guardrail, file);
  if (getPath(parseJsonc(text, file), ["disableAllHooks"]) !== false)
    problems.push({
      problem: `${file} does not pin disableAllHooks: false: one line in a user's settings turns every hook off`,
      fix: `set disableAllHooks to false in ${file}`,
    });
  const elsewhere = ctx.env.QWEN_CODE_SYSTEM_SETTINGS_PATH;
  if (elsewhere && elsewhere !== file)
    problems.push({
      problem: `QWEN_CODE_SYSTEM_SETTINGS_PATH points Qwen at ${elsewhere}, not ${file}: the system settings and their hook are skipped`,
      fix: "unset QWEN_CODE_SYSTEM_SETTINGS_PATH (a user can always set it: Qwen's system layer is advisory against its own user)",
    });
  // Safe mode and bare mode switch the system layer's hooks off too; a pinned disableAllHooks holds.
  problems.push(...qwenSwitches(ctx, file));
  return { installed: true, where: file, problems };
}
