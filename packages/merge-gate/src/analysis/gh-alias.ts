// gh aliases: `gh alias set/delete/import` run by the line, and the aliases in gh's config, expanded before
// the gh command is judged (`gh alias set pm 'pr merge' && gh pm 12` merges).
import { posix } from "node:path";
import {
  type Arg,
  addUnprovable,
  hasOption,
  type Invocation,
  joinArgs,
  literalArg,
  resolveDir,
  runCode,
  scanInterspersed,
  unknownPart,
  withArgs,
} from "@hookrail/shell/engine";
import type { Ctx } from "./context.ts";
import { splitAlias } from "./git-config.ts";
import { distinct, type World } from "./repo-state.ts";

// gh's own commands: an alias may not take their names.
const GH_COMMANDS = new Set(
  (
    "agent-task alias api attestation auth browse cache codespace completion config copilot extension gist gpg-key help " +
    "issue label org pr preview project release repo ruleset run search secret ssh-key status variable version workflow accessibility"
  ).split(" "),
);
const MAX_ALIASES = 8;

/** Runs `judge` on the gh command, or on what the alias its first word names expands to. */
export function analyzeGhCommand(
  inv: Invocation,
  ctx: Ctx,
  judge: (inv: Invocation, ctx: Ctx) => void,
  hops = 0,
): void {
  const s = scanInterspersed(inv.args.slice(1), { short: "Rb", long: ["--repo", "--hostname", "--branch"] });
  const first = s.operands[0];
  if (first?.value === "alias") {
    aliasCommand(inv, ctx, s.operands.slice(1), hasOption(s, "--shell", "-s"));
    return;
  }
  const name = first?.value;
  if (!first || name === null || name === undefined || GH_COMMANDS.has(name) || hops > MAX_ALIASES) {
    judge(inv, ctx);
    checkouts(ctx, s.operands, s.options.findLast((o) => o.name === "-b" || o.name === "--branch")?.value);
    return;
  }
  const after: World[] = [];
  const groups = new Map<string, { expansion: string | null | undefined; worlds: World[] }>();
  for (const w of ctx.flow.worlds) {
    // gh reads its config from another folder: its aliases there are not known.
    const moved = ["GH_CONFIG_DIR", "XDG_CONFIG_HOME", "HOME"].some((n) => inv.env?.has(n) || w.vars.has(n));
    const expansion = moved ? undefined : aliasIn(ctx, w, name);
    const group = groups.get(String(expansion)) ?? { expansion, worlds: [] };
    group.worlds.push(w);
    groups.set(String(expansion), group);
  }
  const at = inv.args.indexOf(first);
  const rest = inv.args.slice(at + 1);
  for (const { expansion, worlds } of groups.values()) {
    ctx.flow.worlds = worlds;
    if (expansion === undefined)
      addUnprovable(ctx, inv, `\`gh ${name}\` may be a gh alias whose definition cannot be read`);
    else if (expansion === null) addUnprovable(ctx, inv, `\`gh ${name}\` is a gh alias set at run time`);
    else if (expansion === "") judge(inv, ctx);
    else if (expansion.startsWith("!")) runCode(joinArgs([literalArg(expansion.slice(1)), ...rest]), inv, ctx);
    else {
      // `$1`… take the arguments in order; the ones not used are appended.
      const used = new Set<number>();
      const words = splitAlias(expansion).map((word): Arg => {
        const filled = word.replace(/\$(\d+)/g, (_, n: string) => {
          used.add(Number(n));
          return rest[Number(n) - 1]?.value ?? "\u0000";
        });
        return filled.includes("\u0000") ? { ...literalArg(word), value: null } : literalArg(filled);
      });
      const args = [inv.args[0] as Arg, ...words, ...rest.filter((_, i) => !used.has(i + 1))];
      analyzeGhCommand(withArgs(inv, args), ctx, judge, hops + 1);
    }
    after.push(...ctx.flow.worlds);
  }
  ctx.flow.worlds = distinct(after);
}

/** The alias `name` in this world: "" when there is none, null when set at run time, undefined when unreadable. */
function aliasIn(ctx: Ctx, world: World, name: string): string | null | undefined {
  for (let i = world.ghAliases.length - 1; i >= 0; i--) {
    const change = world.ghAliases[i];
    if (change?.name === name) return change.expansion === undefined ? "" : change.expansion;
    if (change?.name === undefined) return null;
  }
  const aliases = ctx.facts.ghAliases ? ctx.facts.ghAliases() : new Map<string, string>();
  return aliases === undefined ? undefined : (aliases.get(name) ?? "");
}

/** `gh alias set <name> <expansion>`, `gh alias delete <name>`, `gh alias import [file|-]`. */
function aliasCommand(inv: Invocation, ctx: Ctx, operands: Arg[], shell: boolean): void {
  const [verb, name, expansion] = operands;
  const change =
    verb?.value === "set" && name
      ? {
          name: name.value ?? undefined,
          expansion:
            expansion?.value === undefined
              ? null
              : shell && expansion.value !== null
                ? `!${expansion.value}`
                : expansion.value,
        }
      : verb?.value === "delete" && name
        ? { name: name.value ?? undefined, expansion: undefined }
        : verb?.value === "import"
          ? { name: undefined, expansion: null }
          : undefined;
  if (!change) return;
  if (verb?.value === "set" && expansion?.value === "-") change.expansion = null;
  if (change.name === undefined && verb?.value !== "import") {
    unknownPart(ctx, inv, "it sets a gh alias named only at run time");
  }
  ctx.flow.worlds = distinct(ctx.flow.worlds.map((w) => ({ ...w, ghAliases: [...w.ghAliases, change] })));
}

/** `gh pr checkout 12` switches to the pull request's branch; `gh repo clone o/r [dir]` makes a checkout. */
function checkouts(ctx: Ctx, operands: Arg[], branch: Arg | undefined): void {
  const [group, verb, target, dir] = operands;
  const prCheckout = group?.value === "pr" && verb?.value === "checkout";
  const clone = group?.value === "repo" && verb?.value === "clone" && target;
  if (!prCheckout && !clone) return;
  ctx.flow.worlds = distinct(
    ctx.flow.worlds.map((w) => {
      if (prCheckout) {
        const head = { dir: w.cwd, root: false, branch: branch?.value ?? null, from: null };
        return { ...w, heads: [...w.heads, head] };
      }
      const name = dir?.value ?? (target?.value ? posix.basename(target.value).replace(/\.git$/, "") : null);
      const at = resolveDir(w.cwd, name, ctx.facts.home);
      return { ...w, heads: [...w.heads, { dir: at, root: true, branch: null, from: null, origin: w.cwd }] };
    }),
  );
}
