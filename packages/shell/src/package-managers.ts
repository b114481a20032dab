// Which words of a package manager's command line run another command, shared by the runners' analysis
// (package-runners.ts) and the merge gate's prefilter. npm runs one only through `exec` / `x`; pnpm, yarn and bun
// also run a word that is none of their own commands as a script of the project or, when there is none, as a
// package's program (`pnpm prisma migrate deploy`), and yarn and bun through `run` too. Package runners take a
// package with a version (`npx npm@10 publish`, `@scope/pkg@1.2.3`): the program is the package's name.

import { npmCommand } from "./npm-commands.ts";

// The commands of each manager that are its own work (or run a script of the project's, which is not followed).
const OWN: Readonly<Record<string, ReadonlySet<string>>> = {
  pnpm: words(
    "add approve-builds audit bin c cache cat-file cat-index config create dedupe deploy dlx doctor env exec fetch " +
      "find-hash help i ignored-builds import init install install-test it la licenses link list ll ln ls m multi " +
      "outdated pack patch patch-commit patch-remove prune publish rb rebuild recursive remove restart rm root run " +
      "run-script sbom self-update server setup start store t test tst un uninstall unlink up update upgrade why " +
      "access adduser bugs deprecate dist-tag docs edit info login logout owner ping prefix profile pkg repo search " +
      "set-script show star stars stop team token unpublish unstar v version view whoami",
  ),
  yarn: words(
    "access add audit autoclean bin cache check config constraints create dedupe dlx exec explain " +
      "generate-lock-entry global help import info init install licenses link list login logout node npm outdated " +
      "owner pack patch patch-commit plugin policies publish rebuild remove run search set stage tag team test " +
      "unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces",
  ),
  bun: words(
    "a add audit build c create exec i info init install link outdated patch patch-commit pm publish remove repl " +
      "rm run test unlink update upgrade why x",
  ),
};
// Their own commands that run a command given as words or code.
const RUNS: Readonly<Record<string, readonly string[]>> = {
  npm: ["exec", "x"],
  pnpm: ["exec", "dlx"],
  yarn: ["exec", "dlx", "run", "node", "workspace", "workspaces"],
  bun: ["x", "exec", "run"],
};

// Split on the one space the lists use: a string separator runs no regular expression when the module loads.
function words(text: string): ReadonlySet<string> {
  return new Set(text.split(" "));
}

/** npm, pnpm or yarn: a package manager and nothing else (bun also runs code it is given, as an interpreter). */
export function isPackageManager(name: string): boolean {
  return name === "npm" || name === "pnpm" || name === "yarn";
}

/**
 * Where the subcommand (or a wrapper's command) may stand in `values` (the command's words, null: known only at
 * run time), from `from` on, options of unknown arity skipped: the first word that is not an option, and, while
 * such a word follows an option that may have taken it as its value (`npm --prefix app exec …`), the next one
 * too; after `--`, the word after it.
 */
export function subcommandAt(values: readonly (string | null)[], from = 1): number[] {
  const out: number[] = [];
  let afterOption = false;
  for (let i = from; i < values.length; i++) {
    const v = values[i];
    if (v === "--") {
      if (i + 1 < values.length) out.push(i + 1);
      break;
    }
    if (v?.startsWith("-") && v !== "-") {
      afterOption = !v.includes("=");
      continue;
    }
    out.push(i);
    if (!afterOption) break;
    afterOption = false;
  }
  return out;
}

/** The places `subcommandAt` finds, up to the first that is one of the manager's own commands. */
export function subcommandsOf(name: string, values: readonly (string | null)[], from = 1): number[] {
  const all = subcommandAt(values, from);
  const known = all.findIndex(
    (at) => subcommandKind(name, values[at] ?? null) === "runs" || OWN[name]?.has(values[at] ?? ""),
  );
  return known < 0 ? all : all.slice(0, known + 1);
}

/** How the manager runs the words from its subcommand on: its own work, one of RUNS, or a script or program. */
export function subcommandKind(name: string, word: string | null): "own" | "runs" | "script-or-program" {
  if (word === null) return "script-or-program";
  // npm runs its aliases and abbreviations as the commands they stand for (`npm exe` is `npm exec`).
  const value = name === "npm" ? (npmCommand(word) ?? word) : word;
  if (RUNS[name]?.includes(value)) return "runs";
  const own = Object.hasOwn(OWN, name) ? OWN[name] : undefined;
  return own === undefined || own.has(value) ? "own" : "script-or-program";
}

/** For a prefilter reading plain words: may `name words…` run a command other than the manager's own work? */
export function packageManagerRuns(name: string, values: readonly string[]): boolean {
  return subcommandsOf(name, values).some((at) => subcommandKind(name, values[at] ?? null) !== "own");
}

/**
 * The program names a package argument of a runner may run: `npm@10` → `npm`, `@scope/pkg@1.2.3` → `@scope/pkg`
 * (a command is named by its last path part: `pkg`), and a scoped `cli` package also its scope's name
 * (`@prisma/cli` → `prisma`), the usual name of its program.
 */
export function packagePrograms(spec: string): string[] {
  const m = /^(@[^/@\s]+\/)?([^@/\s]+)(?:@[^\s]*)?$/.exec(spec);
  if (!m) return [spec];
  const [, scope, pkg] = m as unknown as [string, string | undefined, string];
  const named = `${scope ?? ""}${pkg}`;
  return scope && pkg === "cli" ? [named, scope.slice(1, -1)] : [named];
}
