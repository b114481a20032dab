// The stable copy: the shipped plugins/ copied into the data folder for this version, one folder of a
// guardrail for a CLI at a time (plugins/<g>/<cli>/), each only when it differs from what this build ships,
// and the Claude marketplace file named for the user scope. It is merged, never replaced: two builds of the
// same version (the published hookrail and a guardrail of the user's own, built with `hookrail new`) share
// the folder, and neither removes the other's guardrails, nor their entries in the marketplace file.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  type Bundles,
  type Change,
  marketFile,
  readText,
  renamedMarket,
  sameTree,
  USER_MARKET,
} from "@hookrail/install-kit";

const folders = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory()) : [];

interface MarketPlugin {
  name: string;
  source?: string;
}

/** The shipped marketplace named for the user scope, with the stable copy's other guardrails kept (those still there). */
function mergedMarket(b: Bundles, current: string | null): string {
  const shipped = JSON.parse(renamedMarket(marketFile(b.source), USER_MARKET)) as { plugins?: MarketPlugin[] };
  let theirs: MarketPlugin[] = [];
  try {
    theirs = (JSON.parse(current ?? "{}") as { plugins?: MarketPlugin[] }).plugins ?? [];
  } catch {
    // Not JSON any more: rewritten from what this build ships.
  }
  const ours = new Set((shipped.plugins ?? []).map((p) => p.name));
  const kept = theirs.filter(
    (p) =>
      typeof p.name === "string" &&
      !ours.has(p.name) &&
      typeof p.source === "string" &&
      existsSync(join(b.root, p.source)),
  );
  if (!kept.length) return `${JSON.stringify(shipped, null, 2)}\n`;
  return `${JSON.stringify({ ...shipped, plugins: [...(shipped.plugins ?? []), ...kept] }, null, 2)}\n`;
}

/** What brings the stable copy up to date (no-op changes when it already is). */
export function stage(b: Bundles): Change[] {
  if (b.source === b.root) return [];
  const plugins = join(b.source, "plugins");
  const changes: Change[] = [];
  for (const guardrail of folders(plugins))
    for (const cli of folders(join(plugins, guardrail))) {
      const from = join(plugins, guardrail, cli);
      const to = join(b.root, "plugins", guardrail, cli);
      if (!sameTree(from, to)) changes.push({ kind: "copy", from, to });
    }
  if (existsSync(marketFile(b.source))) {
    const file = marketFile(b.root);
    const before = readText(file);
    changes.push({ kind: "file", path: file, before, after: mergedMarket(b, before) });
  }
  return changes;
}
