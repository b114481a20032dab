// Where this hookrail runs from: a clone of the hookrail repository (its built command) or an installed package.
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The hookrail repository this command runs from: the nearest folder above it with packages/core. */
export function findRepositoryRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "packages", "core", "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return existsSync(join(dir, "packages", "core", "package.json")) ? dir : undefined;
}

/**
 * How the user runs this command again from `cwd`: in a clone, its built file (`node apps/cli/dist/hookrail.mjs`
 * from the root, the full path from elsewhere); from an installed package, `npx hookrail`.
 */
export function selfCommand(cwd: string): string {
  const root = findRepositoryRoot();
  if (!root) return "npx hookrail";
  const built = join(root, "apps", "cli", "dist", "hookrail.mjs");
  const inClone = !relative(root, cwd).startsWith("..") && !isAbsolute(relative(root, cwd));
  return `node ${shellWord(inClone ? relative(cwd, built) : built)}`;
}

const shellWord = (word: string) => (/^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);
