// The oldest Nodes hookrail says it runs on (oldest-node.json): the hook bundles' (the first release of the Node
// line README.md names) and the hookrail command's (its package's `engines`). scripts/install-clis.mjs installs each
// from the registry into <cache>/node-<version>/.
import fs from "node:fs";
import path from "node:path";
import { cacheRoot } from "./clis.ts";
import nodes from "./oldest-node.json" with { type: "json" };

export interface OldestNode {
  version: string;
  /** Its node binary. */
  bin: string;
}

export function oldestNode(which: keyof typeof nodes): OldestNode {
  const spec = nodes[which];
  const at = spec.lastIndexOf("@");
  const version = spec.slice(at + 1);
  const bin = path.join(cacheRoot(), `node-${version}`, "node_modules", spec.slice(0, at), "bin", "node");
  if (!fs.existsSync(bin))
    throw new Error(`Node ${version} is not installed at ${bin}: run node test/scripts/install-clis.mjs oldest-node`);
  return { version, bin };
}
