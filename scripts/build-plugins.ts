// Builds every guardrail's shipped folders: plugins/<guardrail>/{claude,gemini,codex}/ with one
// self-contained bundle each, the CLIs' manifests, and the repo-root Claude marketplace.
//   node scripts/run-ts.mjs scripts/build-plugins.ts [--check] [guardrail...]
// --check builds in memory and fails when a committed file differs from a fresh build.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuiltFile, buildGuardrailFiles, marketplaceFile } from "./plugins/build.ts";
import { compareFiles, writeFiles } from "./plugins/files.ts";
import { findGuardrails } from "./plugins/guardrails.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const check = args.includes("--check");
const only = args.filter((a) => !a.startsWith("--"));

const guardrails = await findGuardrails(root);
const selected = only.length ? guardrails.filter((g) => only.includes(g.manifest.name)) : guardrails;
const files: BuiltFile[] = [];
for (const guardrail of selected) files.push(...(await buildGuardrailFiles(guardrail)));
files.push(marketplaceFile(guardrails, JSON.parse(readFileSync(join(root, "package.json"), "utf8"))));

if (check) {
  const problems = compareFiles(
    root,
    files,
    selected.map((g) => join("plugins", g.manifest.name)),
  );
  if (problems.length) {
    console.error(
      `The committed plugin folders differ from a fresh build:\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    console.error("Run `npm run build` and commit the result.");
    process.exitCode = 1;
  } else console.error(`plugins: ${files.length} files match a fresh build`);
} else {
  writeFiles(
    root,
    files,
    selected.map((g) => join("plugins", g.manifest.name)),
  );
  console.error(`plugins: wrote ${files.length} files for ${selected.map((g) => g.manifest.name).join(", ")}`);
}
