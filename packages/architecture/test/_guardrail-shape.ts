// The shape every guardrail package keeps (docs/architecture.md#a-guardrail-package), as a list of problems:
// the standard files; one pure decision `decide<Name>(facts, options)` whose code imports no I/O; facts.ts
// reading only; guardrail.ts joining facts and decision; nothing of any CLI's (the build joins it with each adapter).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { importsOf, resolveRelative } from "./_imports.ts";

/** Modules that reach the disk, processes or the network: never in a decision's code. */
const IO_MODULES = [
  /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|worker_threads)$/,
  /^(simple-git|execa)(\/|$)/,
  /^@hookrail\/core\/(git|git-fast|state)$/,
];

/** Writes that belong in record.ts (or guardrail.ts), not in facts.ts. */
const WRITES =
  /\b(writeFileSync|appendFileSync|rmSync|unlinkSync|renameSync|mkdirSync|writeAtomic|withFileLock)\b|guardrailState\([^)]*\)\s*\.(set|delete|update)\(/;

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, _dash, c: string) => c.toUpperCase());

/** Specifiers a file loads at run time (`import type` and `export type` lines left out). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const typeOnly = new Set(
    [...text.matchAll(/^\s*(?:import|export)\s+type\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map((m) => m[1]),
  );
  const all = importsOf(file);
  // A specifier named both ways still loads.
  const counts = new Map<string, number>();
  for (const s of all) counts.set(s, (counts.get(s) ?? 0) + 1);
  return all.filter((s) => !typeOnly.has(s) || (counts.get(s) ?? 0) > 1);
}

/** The file and every file of the package it loads through relative imports. */
function closure(file: string): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f) || !existsSync(f)) return;
    seen.add(f);
    for (const s of valueImports(f)) if (s.startsWith(".")) visit(resolveRelative(f, s));
  };
  visit(file);
  return [...seen];
}

/** What is wrong with the guardrail package in `dir` (named `name`), for the CLIs `clis`; empty when nothing. */
export function shapeProblems(dir: string, name: string, clis: readonly string[]): string[] {
  const problems: string[] = [];
  const src = (...parts: string[]) => join(dir, "src", ...parts);
  const required = ["manifest.ts", "options.ts", "decide.ts", "facts.ts", "guardrail.ts"];
  for (const file of required) {
    if (!existsSync(src(file))) problems.push(`missing src/${file}`);
  }
  if (existsSync(src("decide.ts"))) {
    const fn = `decide${pascal(name)}`;
    const signature = new RegExp(`export function ${fn}\\(\\s*facts: [\\w<>, ]+,\\s*options: [\\w<>, ]+,?\\s*\\): `);
    if (!signature.test(readFileSync(src("decide.ts"), "utf8"))) {
      problems.push(`src/decide.ts does not export ${fn}(facts: …, options: …)`);
    }
    for (const file of closure(src("decide.ts"))) {
      for (const s of valueImports(file).filter((s) => IO_MODULES.some((m) => m.test(s)))) {
        problems.push(`the decision's ${relative(dir, file)} imports ${s}`);
      }
    }
  }
  if (existsSync(src("facts.ts")) && WRITES.test(readFileSync(src("facts.ts"), "utf8"))) {
    problems.push("src/facts.ts writes (recording belongs in src/record.ts)");
  }
  if (existsSync(src("guardrail.ts"))) {
    const used = importsOf(src("guardrail.ts"));
    for (const file of ["./decide.ts", "./facts.ts"]) {
      if (!used.includes(file)) problems.push(`src/guardrail.ts does not use ${file}`);
    }
  }
  // The build joins the guardrail with each CLI's adapter: a file per CLI, or a CLI's package imported, would be a
  // second list of CLIs. What a guardrail needs to know of every CLI it reads as data (@hookrail/clis/places).
  if (existsSync(src("entries"))) problems.push("src/entries/ exists: the build writes each CLI's entry itself");
  const cliPackages = new Set(clis.map((cli) => `@hookrail/${cli}`));
  const files = existsSync(src()) ? readdirSync(src(), { recursive: true, encoding: "utf8" }) : [];
  for (const file of files.filter((f) => f.endsWith(".ts")).sort()) {
    const named = importsOf(src(file)).filter((s) => cliPackages.has(s) || s === "@hookrail/clis");
    for (const s of named) problems.push(`src/${file} imports ${s}: a guardrail knows no CLI`);
  }
  return problems;
}
