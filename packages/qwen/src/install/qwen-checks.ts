// What makes Qwen Code skip an installed hook without a word, read from its own files the way Qwen 0.24 reads
// them: an extension's enablement rules (extension-enablement.json), folder trust for a project's settings
// (only when `security.folderTrust.enabled`), `disableAllHooks`, and the switches of safe mode and bare mode.
import { join, resolve } from "node:path";
import {
  getPath,
  type InstallContext,
  type InstallProbe,
  type Problem,
  parseJsonc,
  readText,
} from "@hookrail/install-kit";
import { qwenHome } from "./qwen-files.ts";

const json = (file: string) => parseJsonc(readText(file), file);
const slashed = (dir: string) => `${dir.startsWith("/") ? "" : "/"}${dir}${dir.endsWith("/") ? "" : "/"}`;

/** An extension's enablement rules for a folder: the last rule matching it decides ("!" disables, "*" subfolders too). */
export function qwenExtensionEnabled(rules: readonly string[], folder: string): boolean {
  let enabled = true;
  const path = slashed(folder);
  for (const rule of rules) {
    const disables = rule.startsWith("!");
    const base = disables ? rule.slice(1) : rule;
    const subdirs = base.endsWith("*");
    const dir = slashed(subdirs ? base.slice(0, -1) : base);
    if (subdirs ? path.startsWith(dir) : path === dir) enabled = !disables;
  }
  return enabled;
}

/**
 * Whether trustedFolders.json trusts `folder`: the deepest rule over it decides (TRUST_FOLDER: that folder and
 * below; TRUST_PARENT: its parent and below; DO_NOT_TRUST), and of two equally deep ones the untrusting.
 */
export function qwenTrusts(ctx: Pick<InstallContext, "env" | "home">, folder: string): boolean {
  const file = ctx.env.QWEN_CODE_TRUSTED_FOLDERS_PATH || join(qwenHome(ctx), "trustedFolders.json");
  const path = slashed(folder);
  let best: { depth: number; trusted: boolean } | undefined;
  for (const [rule, level] of Object.entries(json(file))) {
    if (level !== "TRUST_FOLDER" && level !== "TRUST_PARENT" && level !== "DO_NOT_TRUST") continue;
    const base = slashed(level === "TRUST_PARENT" ? resolve(rule, "..") : rule);
    if (!path.startsWith(base)) continue;
    const trusted = level !== "DO_NOT_TRUST";
    if (!best || base.length > best.depth || (base.length === best.depth && !trusted))
      best = { depth: base.length, trusted };
  }
  return best?.trusted === true;
}

/** Problems every scope shares: hooks switched off in a settings file, or by safe mode and bare mode. */
export function qwenSwitches(ctx: InstallContext, system: string): Problem[] {
  const problems: Problem[] = [];
  const files = [join(qwenHome(ctx), "settings.json"), join(ctx.project, ".qwen", "settings.json")];
  const pinned = getPath(json(system), ["disableAllHooks"]) === false;
  for (const file of new Set(files))
    if (json(file).disableAllHooks === true && !pinned)
      problems.push({
        id: "qwen.hooks.disabled",
        problem: `disableAllHooks is true in ${file}: no hook runs`,
        fix: `remove it from ${file}`,
      });
  for (const variable of ["QWEN_CODE_SAFE_MODE", "QWEN_CODE_SIMPLE"])
    if (/^(1|true)$/i.test(ctx.env[variable] ?? ""))
      problems.push({
        id: "qwen.hooks.safe-mode",
        problem: `${variable} is set: Qwen runs without hooks (like --safe-mode / --bare)`,
        fix: `unset ${variable}`,
      });
  return problems;
}

/** Folder trust: off by default; when on, an untrusted folder's .qwen/settings.json is skipped silently. */
export function qwenTrustProblem(ctx: InstallContext, system: string): Problem | undefined {
  const user = join(qwenHome(ctx), "settings.json");
  const on = [system, user].some((f) => getPath(json(f), ["security", "folderTrust", "enabled"]) === true);
  if (!on || qwenTrusts(ctx, ctx.project)) return undefined;
  return {
    id: "qwen.folder.untrusted",
    problem: `folder trust is on and ${ctx.project} is not trusted, so Qwen skips its .qwen/settings.json hooks without a word`,
    fix: "trust the folder when Qwen asks (or /permissions in Qwen)",
  };
}

/**
 * What a session-start hook checks for a Qwen install: the extension there and not switched off for the
 * whole user (`qwen extensions disable` writes `!<home>/*`; a disable for one workspace only is doctor's to
 * see), or the project's copy and its hooks there; `disableAllHooks` not set where it applies.
 */
export function qwenProbes(
  guardrail: string,
  ctx: InstallContext,
  system: string,
  at: { extension: string } | { settings: string; copy: string },
): InstallProbe[] {
  const user = join(qwenHome(ctx), "settings.json");
  const pinned = getPath(json(system), ["disableAllHooks"]) === false;
  const layers = "settings" in at ? [user, at.settings] : [user];
  const switches: InstallProbe[] = pinned
    ? []
    : [...new Set(layers)].map((file) => ({
        file,
        at: ["disableAllHooks"],
        not: true,
        why: `disableAllHooks is true in ${file}`,
      }));
  if ("settings" in at)
    return [
      { exists: at.copy, why: `${at.copy} has gone` },
      {
        file: at.settings,
        contains: [`/.qwen/hookrail/${guardrail}/`],
        why: `its hooks are gone from ${at.settings}`,
      },
      ...switches,
    ];
  const enablement = join(qwenHome(ctx), "extensions", "extension-enablement.json");
  return [
    { exists: join(at.extension, "qwen-extension.json"), why: `its extension ${at.extension} has gone` },
    {
      file: enablement,
      at: [guardrail, "overrides"],
      lacks: `!${ctx.home}/*`,
      why: `the extension is disabled (qwen extensions disable ${guardrail})`,
    },
    ...switches,
  ];
}
