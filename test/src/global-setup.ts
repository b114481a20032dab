// Installs the pinned CLIs, and the oldest Nodes hookrail runs on, before the cells run (skipped when present). HOOKRAIL_CLIS=claude,codex
// limits the run to some CLIs (cells of the others are reported as skipped).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { selectedClis } from "./selection.ts";

export default async function setup(): Promise<void> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "scripts", "install-clis.mjs");
  // With the oldest Nodes hookrail runs on (cells/suite/oldest-node.test.ts).
  await execa(process.execPath, [script, ...selectedClis(), "oldest-node"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}
