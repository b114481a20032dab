// Writing the built files, and comparing them with what is committed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { BuiltFile } from "./build.ts";

/** Replaces the owned folders wholesale, so a file the build no longer makes does not linger. */
export function writeFiles(root: string, files: BuiltFile[], ownedDirs: string[]): void {
  for (const dir of ownedDirs) rmSync(join(root, dir), { recursive: true, force: true });
  for (const file of files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}

/** One line per file that is missing, different, or not made by the build. */
export function compareFiles(root: string, files: BuiltFile[], ownedDirs: string[]): string[] {
  const problems: string[] = [];
  const expected = new Set(files.map((f) => f.path));
  for (const file of files) {
    const path = join(root, file.path);
    if (!existsSync(path)) problems.push(`missing: ${file.path}`);
    else if (readFileSync(path, "utf8") !== file.content) problems.push(`differs: ${file.path}`);
  }
  for (const dir of ownedDirs) {
    for (const path of listFiles(join(root, dir))) {
      const rel = relative(root, path);
      if (!expected.has(rel)) problems.push(`not made by the build: ${rel}`);
    }
  }
  return problems;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
