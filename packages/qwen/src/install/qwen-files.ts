// Where Qwen Code keeps what hookrail installs, and the guardrail's hook groups as the shipped extension has them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type HookGroups,
  homeRelative,
  hooksOf,
  type InstallContext,
  shippedFolder,
  UserError,
} from "@hookrail/install-kit";

/** Qwen's own folder: $QWEN_HOME (the folder itself), else ~/.qwen. */
export function qwenHome(ctx: Pick<InstallContext, "env" | "home">): string {
  const dir = ctx.env.QWEN_HOME;
  if (!dir) return join(ctx.home, ".qwen");
  return homeRelative(dir, ctx.home);
}

/** The system settings file (the administrator's layer), unless QWEN_CODE_SYSTEM_SETTINGS_PATH names another. */
export const QWEN_SYSTEM_SETTINGS = "/etc/qwen-code/settings.json";

/** How the shipped hooks file names the extension's folder. */
export const EXTENSION_ROOT = ["$", "{CLAUDE_PLUGIN_ROOT}"].join("");

/** The shipped hook groups with the extension's folder replaced by `folder`; none means Qwen has no moment for it. */
export function qwenHooks(guardrail: string, ctx: InstallContext, folder: string): HookGroups {
  const file = join(shippedFolder(ctx, guardrail, "qwen"), "hooks", "hooks.json");
  const hooks = hooksOf(readFileSync(file, "utf8").replaceAll(EXTENSION_ROOT, folder), file);
  if (!Object.keys(hooks).length)
    throw new UserError(`${guardrail} has nothing to hook into in Qwen Code (see its README); nothing was changed`);
  return hooks;
}
