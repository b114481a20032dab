// What a TypeScript file imports: static imports and re-exports (type-only included), `import()` and
// `require()` with a literal specifier. Shared by the import rules tests.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const SPECIFIERS = [
  /^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm,
  /^\s*import\s+["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every module specifier the file names, in order of appearance per form. */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] as string));
}

/** The package a specifier names (`@hookrail/core/git` → `@hookrail/core`), or undefined for a relative path. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The file a relative specifier points at, resolved from the importing file. */
export const resolveRelative = (from: string, specifier: string): string => resolve(dirname(from), specifier);

/** Every .ts file under dir (node_modules, dist and fixtures left out). */
export function tsFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry === "node_modules" || entry === "dist" || entry === "fixtures") return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.(m|c)?ts$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}
