// The stable copy: the shipped plugins/ copied into the data folder for this version unless an
// identical copy is already there, and the Claude marketplace file named for the user scope.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Bundles } from "./bundles.ts";
import { marketFile, renamedMarket, USER_MARKET } from "./claude-market.ts";
import { readText, sameTree } from "./files.ts";
import type { Change } from "./types.ts";

/** What brings the stable copy up to date (no-op changes when it already is). */
export function stage(b: Bundles): Change[] {
  if (b.source === b.root) return [];
  const plugins = join(b.source, "plugins");
  const changes: Change[] = [];
  if (existsSync(plugins) && !sameTree(plugins, join(b.root, "plugins")))
    changes.push({ kind: "copy", from: plugins, to: join(b.root, "plugins") });
  if (existsSync(marketFile(b.source))) {
    const file = marketFile(b.root);
    changes.push({
      kind: "file",
      path: file,
      before: readText(file),
      after: renamedMarket(marketFile(b.source), USER_MARKET),
    });
  }
  return changes;
}
