// `hookrail new <name>`: a new guardrail package in this repository, shaped like the shipped ones.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CommandIO } from "../io.ts";
import { guardrailTemplate } from "../new/template.ts";
import { UsageError, UserError } from "../registry.ts";

export async function newCommand(name: string | undefined, io: CommandIO): Promise<number> {
  if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new UsageError(
      "give the new guardrail a name in lower-case letters, digits and dashes: hookrail new no-force-push",
    );
  }
  const dir = join(io.env.HOOKRAIL_REPO_ROOT || repositoryRoot(), "packages", name);
  if (existsSync(dir)) throw new UserError(`${dir} already exists; choose another name`);
  for (const [file, content] of Object.entries(guardrailTemplate(name))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  const print = (line: string) => io.stdout.write(`${line}\n`);
  print(`created ${dir}`);
  print("next:");
  print("  1. npm install                      (links the new workspace)");
  print(`  2. register it in apps/cli/src/registry.ts, then edit src/decide.ts and its test`);
  print("  3. npm run build && npm test        (bundles plugins/, checks the conventions)");
  return 0;
}

/** The hookrail repository this command runs from: the nearest folder above it with packages/core. */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "packages", "core", "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  if (!existsSync(join(dir, "packages", "core")))
    throw new UserError("hookrail new works in a clone of the hookrail repository");
  return dir;
}
