// Tests run the committed bundles in plugins/, so they must not run a bundle older than its source: before the
// tests of a package that runs bundles, every guardrail is built in memory with the plugin build's own
// functions (@hookrail/build) and compared with what is committed. `bundlePath` (@hookrail/test-utils) refuses
// a bundle that differs. A fresh result is remembered under node_modules/.cache, keyed by a hash of every input, so the
// build reruns only after something changed.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findGuardrails, staleFiles } from "@hookrail/build";
import type {} from "@hookrail/test-utils";
import type { TestProject } from "vitest/node";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const cacheFile = join(repoRoot, "node_modules", ".cache", "hookrail-fresh-bundles");

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => !f.includes("node_modules") && statSync(f).isFile());
}

/** A hash of everything a build reads or compares: package sources (the build's own among them), the lock, plugins/. */
function inputsHash(root: string): string {
  const hash = createHash("sha256");
  const packages = readdirSync(join(root, "packages")).sort();
  const inputs = [
    ...packages.flatMap((p) => [...files(join(root, "packages", p, "src")), join(root, "packages", p, "README.md")]),
    join(root, "package-lock.json"),
    ...files(join(root, "plugins")),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

/** Whether the project's tests run bundles at all; the others need no build (and bundlePath refuses to run there). */
function runsBundles(dir: string): boolean {
  return files(join(dir, "test")).some(
    (f) => f.endsWith(".ts") && /\b(bundlePath|shippedPath|loadPlugin)\(/.test(readFileSync(f, "utf8")),
  );
}

export default async function setup(project: TestProject): Promise<void> {
  if (!runsBundles(project.config.root)) return;
  const key = inputsHash(repoRoot);
  if (existsSync(cacheFile) && readFileSync(cacheFile, "utf8") === key) {
    project.provide("staleBundles", []);
    return;
  }
  const stale = await staleFiles(repoRoot, await findGuardrails(repoRoot));
  if (!stale.length) {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, key);
  }
  project.provide("staleBundles", stale);
}
