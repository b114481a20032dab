// Chromium's depot_tools `git cl` lands a change on Gerrit: `git cl land` submits it, `git cl set-commit` votes
// Commit-Queue+2 (the commit queue submits it once its tries pass), and `git cl upload` does the same with
// `--use-commit-queue` (`-c`), or has it submitted once approved with `--enable-auto-submit` (`-a`). Their dry runs
// (`--dry-run`, `--cq-dry-run`, `--quick-run`) and `set-commit --clear` land nothing.
import { addUnprovable, type Invocation, is, scanInterspersed, unknownPart } from "@hookrail/shell/engine";
import { addMerge, type Ctx } from "./context.ts";
import { isProtected } from "./protected-branch.ts";

// The options of `git cl` commands that take a value (so a value is not read as a flag or a command).
const VALUED = {
  short: "rtmTbiMo",
  long: [
    "--reviewers",
    "--cc",
    "--title",
    "--message",
    "--message-file",
    "--topic",
    "--bug",
    "--fixed",
    "--target_branch",
    "--target-branch",
    "--hashtag",
    "--issue",
    "--push-options",
    "--cq-include-trybots",
    "--parallel",
  ],
};

/** What each landing command does, for the block reason. */
const DOES: Readonly<Record<string, string>> = {
  "git cl land": "submits a Gerrit change through depot_tools",
  "git cl set-commit": "sends a Gerrit change to the commit queue, which submits it (Commit-Queue+2)",
  "git cl upload --use-commit-queue": "uploads a Gerrit change and sends it to the commit queue, which submits it",
  "git cl upload --enable-auto-submit": "uploads a Gerrit change that is submitted by itself once it is approved",
};

/** `args[0]` is `git-cl`, the rest are the command's words. */
export function gitCl(inv: Invocation, ctx: Ctx): void {
  const s = scanInterspersed(inv.args.slice(1), VALUED);
  const has = (...names: string[]) => s.options.some((o) => names.includes(o.name));
  const [command] = s.operands;
  if (command === undefined || command.value === null) {
    if (command !== undefined || inv.open) unknownPart(ctx, inv, "the git cl command is known only at run time");
    return;
  }
  if (has("-h", "--help")) return;
  let route: string | undefined;
  if (is(command, "land") || is(command, "dcommit")) route = "git cl land";
  else if (is(command, "set-commit") || is(command, "set_commit")) {
    if (!has("-d", "--dry-run", "-q", "--quick-run", "-c", "--clear")) route = "git cl set-commit";
  } else if (is(command, "upload")) {
    if (has("-d", "--cq-dry-run", "-q", "--cq-quick-run")) return;
    if (has("-c", "--use-commit-queue")) route = "git cl upload --use-commit-queue";
    else if (has("-a", "--enable-auto-submit")) route = "git cl upload --enable-auto-submit";
  }
  if (route === undefined) return;
  // An upload names the branch its change goes into with --target_branch; else it is the one the branch tracks.
  const target = s.options.findLast((o) => o.name === "--target_branch" || o.name === "--target-branch")?.value;
  if (target?.value === null) {
    addUnprovable(ctx, inv, "it lands a change into a branch named only at run time");
    return;
  }
  const branch = target?.value.replace(/^(?:refs\/heads\/|refs\/remotes\/[^/]+\/|origin\/)/, "");
  if (branch !== undefined && !isProtected(branch, ctx.facts.protectedBranches)) return;
  addMerge(ctx, inv, branch === undefined ? route : `${route} into ${branch}`);
}

/** What the block reason says a `git cl` finding does (undefined: not one). */
export function gitClText(route: string): string | undefined {
  const m = /(git cl (?:land|set-commit|upload --use-commit-queue|upload --enable-auto-submit))(?: into (.+))?$/.exec(
    route,
  );
  const does = m ? DOES[m[1] as string] : undefined;
  if (!m || does === undefined) return undefined;
  return m[2] ? `${does} (into protected branch ${m[2]})` : does;
}
