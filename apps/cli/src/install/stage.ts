// The stable copy: the shipped plugins/ and marketplace, copied into the data folder for this
// version unless an identical copy is already there.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Bundles } from "./bundles.ts";
import type { Change } from "./types.ts";

const PARTS = ["plugins", ".claude-plugin"];

function digest(root: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
    }
  };
  for (const part of PARTS) if (existsSync(join(root, part))) walk(join(root, part));
  return hash.digest("hex");
}

/** Copies that bring the stable copy up to date (none when it already is). */
export function stage(b: Bundles): Change[] {
  if (b.source === b.root || (existsSync(b.root) && digest(b.root) === digest(b.source))) return [];
  return PARTS.filter((part) => existsSync(join(b.source, part))).map(
    (part) => ({ kind: "copy", from: join(b.source, part), to: join(b.root, part) }) as const,
  );
}
