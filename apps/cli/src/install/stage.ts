// The stable copy: the shipped plugins/ and marketplace, copied into the data folder for this
// version unless an identical copy is already there.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Bundles } from "./bundles.ts";
import { sameTree } from "./files.ts";
import type { Change } from "./types.ts";

const PARTS = ["plugins", ".claude-plugin"];

/** Copies that bring the stable copy up to date (none when it already is). */
export function stage(b: Bundles): Change[] {
  if (b.source === b.root || PARTS.every((part) => sameTree(join(b.source, part), join(b.root, part)))) return [];
  return PARTS.filter((part) => existsSync(join(b.source, part))).map(
    (part) => ({ kind: "copy", from: join(b.source, part), to: join(b.root, part) }) as const,
  );
}
