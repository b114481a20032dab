// Ways to push past the git pre-push hook: `git push --no-verify`, a hooks folder set for the push
// (`git -c core.hooksPath=…`, `--config-env`, GIT_CONFIG_* in its environment) or set for good
// (`git config core.hooksPath …`, `--unset`). Each counts as a merge route: it needs the approval marker.

import { type Arg, hasOption, type Invocation, scanInterspersed } from "@hookrail/shell/engine";
import { addMerge, type Ctx } from "./context.ts";

export const HOOK_ROUTE = "skips git hooks";
const HOOKS_PATH = /^core\.hookspath$/i;
// git reads extra config from these (GIT_CONFIG_COUNT + GIT_CONFIG_KEY_<n>/VALUE_<n>, GIT_CONFIG_PARAMETERS).
const CONFIG_ENV = /(?:^|[\s;&|(])(?:export\s+)?GIT_CONFIG_(?:PARAMETERS|COUNT|KEY_\d+)=/;

/** `args` are the words after `push`. */
/** `config`: the `-c` settings given to git for this command, keys lower-cased. */
export function pushSkipsHooks(
  inv: Invocation,
  ctx: Ctx,
  args: readonly Arg[],
  config: ReadonlyMap<string, Arg>,
): void {
  // The last of --no-verify / --verify wins.
  const verify = args.findLast((a) => a.value === "--no-verify" || a.value === "--verify");
  if (verify?.value === "--no-verify") addMerge(ctx, inv, `git push --no-verify ${HOOK_ROUTE}`);
  if ([...config.keys()].some((k) => HOOKS_PATH.test(k))) {
    addMerge(ctx, inv, `git push with core.hooksPath set ${HOOK_ROUTE}`);
  }
  if (CONFIG_ENV.test(inv.command)) addMerge(ctx, inv, `git push with GIT_CONFIG_* set ${HOOK_ROUTE}`);
}

/** `git config [--global] core.hooksPath dir`, `--unset`, `git config set|unset core.hooksPath`; reads pass. */
export function configSetsHooksPath(inv: Invocation, ctx: Ctx, args: readonly Arg[]): void {
  const s = scanInterspersed(args, { short: "f", long: ["--file", "--blob", "--type", "--default", "--comment"] });
  const at = s.operands.findIndex((a) => a.value !== null && HOOKS_PATH.test(a.value));
  if (at === -1) return;
  const verb = at > 0 ? s.operands[0]?.value : undefined;
  const writes =
    verb === "set" ||
    verb === "unset" ||
    (verb === undefined && at + 1 < s.operands.length) ||
    hasOption(s, "--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section");
  if (writes) addMerge(ctx, inv, `git config core.hooksPath ${HOOK_ROUTE}`);
}
