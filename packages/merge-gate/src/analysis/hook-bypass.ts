// Ways to push past the git pre-push hook: `git push --no-verify`, a hooks folder set for the push
// (`git -c core.hooksPath=…`, `--config-env`, GIT_CONFIG_* in its environment) or set for good
// (`git config core.hooksPath …`, `--unset`). Each counts as a merge route: it needs the approval marker.

import { type Arg, hasOption, type Invocation, scanInterspersed } from "@hookrail/shell/engine";
import { addMerge, type Ctx } from "./context.ts";
import type { GitGlobals } from "./git-place.ts";

export const HOOK_ROUTE = "skips git hooks";
const HOOKS_PATH = /^core\.hookspath$/i;
// An included file may set core.hooksPath: `include.path`, `includeIf.<condition>.path`.
const INCLUDE = /^include(?:if\..*)?\.path$/i;

/**
 * `args` are the words after `push`; `git`: what git was told for this command (its `-c`, `--config-env` and
 * environment settings, keys lower-cased).
 */
export function pushSkipsHooks(inv: Invocation, ctx: Ctx, args: readonly Arg[], git: GitGlobals): void {
  // The last of --no-verify / --verify wins.
  const verify = args.findLast((a) => a.value === "--no-verify" || a.value === "--verify");
  if (verify?.value === "--no-verify") addMerge(ctx, inv, `git push --no-verify ${HOOK_ROUTE}`);
  if ([...git.config.keys()].some((k) => HOOKS_PATH.test(k) || INCLUDE.test(k))) {
    addMerge(ctx, inv, `git push with core.hooksPath set ${HOOK_ROUTE}`);
  }
  // Config the push is given that cannot be read (GIT_CONFIG_*, `-c "$x"`) may set core.hooksPath.
  if (git.hidden) addMerge(ctx, inv, `git push with config known only at run time ${HOOK_ROUTE}`);
}

/**
 * `git config [--global] core.hooksPath dir`, `--unset`, `git config set|unset core.hooksPath`, and the same for an
 * include (`include.path`, `includeIf.<condition>.path`: the file it names may set core.hooksPath); reads pass.
 */
export function configSetsHooksPath(inv: Invocation, ctx: Ctx, args: readonly Arg[]): void {
  const s = scanInterspersed(args, { short: "f", long: ["--file", "--blob", "--type", "--default", "--comment"] });
  const at = s.operands.findIndex((a) => a.value !== null && (HOOKS_PATH.test(a.value) || INCLUDE.test(a.value)));
  if (at === -1) return;
  const verb = at > 0 ? s.operands[0]?.value : undefined;
  const writes =
    verb === "set" ||
    verb === "unset" ||
    (verb === undefined && at + 1 < s.operands.length) ||
    hasOption(s, "--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section");
  if (writes) addMerge(ctx, inv, `git config core.hooksPath ${HOOK_ROUTE}`);
}
