// The plugin build's command: every guardrail's shipped folders, plugins/<guardrail>/<cli>/ with one
// self-contained bundle each and the CLIs' manifests, and the files at the repository root that a CLI lists them in (Claude Code's marketplace).
//   node scripts/run-ts.mjs packages/build/src/main.ts [--check] [guardrail...]   (npm run build, npm run check-plugins)
// --check builds in memory and fails when a committed file differs from a fresh build.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuiltFile, buildGuardrailFiles, rootFiles } from "./build.ts";
import { compareFiles, writeFiles } from "./files.ts";
import { findGuardrails } from "./guardrails.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const args = process.argv.slice(2);
const check = args.includes("--check");
const only = args.filter((a) => !a.startsWith("--"));

// What the build says goes to stderr (stdout stays free for whatever runs it).
const say = (line: string) => process.stderr.write(`${line}\n`);

const guardrails = await findGuardrails(root);
const selected = only.length ? guardrails.filter((g) => only.includes(g.manifest.name)) : guardrails;
const files: BuiltFile[] = [];
for (const guardrail of selected) files.push(...(await buildGuardrailFiles(guardrail)));
files.push(...rootFiles(guardrails));

if (check) {
  const problems = compareFiles(
    root,
    files,
    selected.map((g) => join("plugins", g.manifest.name)),
  );
  if (problems.length) {
    say(`The committed plugin folders differ from a fresh build:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    say("Run `npm run build` and commit the result.");
    process.exitCode = 1;
  } else say(`plugins: ${files.length} files match a fresh build`);
} else {
  writeFiles(
    root,
    files,
    selected.map((g) => join("plugins", g.manifest.name)),
  );
  say(`plugins: wrote ${files.length} files for ${selected.map((g) => g.manifest.name).join(", ")}`);
}
