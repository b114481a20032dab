// `hookrail new <name>`: a new guardrail package in this repository, shaped like the shipped ones.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CommandIO } from "../io.ts";
import { cellFilePath, cellTemplate, commandGateCellTemplate } from "../new/cell.ts";
import {
  APPROVAL_VARIABLE,
  type CommandGateSpec,
  commandGateDefaults,
  commandGateTemplate,
  PATTERN,
} from "../new/command-gate.ts";
import type { TemplateVersions } from "../new/common.ts";
import { guardrailTemplate } from "../new/template.ts";
import { UsageError, UserError } from "../registry.ts";
import { findRepositoryRoot } from "../self-command.ts";
import { REPOSITORY } from "../version.ts";

/** The kinds of guardrail `new` writes: basic (blocks commands containing a string) or a command gate. */
export const NEW_KINDS = ["basic", "command-gate"] as const;

export interface NewOptions {
  kind?: string;
  /** Command gate: its patterns (default: from the name) and approval variable. */
  patterns?: string[];
  approvalVariable?: string;
}

export async function newCommand(name: string | undefined, io: CommandIO, options: NewOptions = {}): Promise<number> {
  if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new UsageError(
      "give the new guardrail a name in lower-case letters, digits and dashes: hookrail new no-force-push",
    );
  }
  const gate = commandGateSpec(name, options);
  const root = io.env.HOOKRAIL_REPO_ROOT || repositoryRoot();
  const dir = join(root, "packages", name);
  if (existsSync(dir)) throw new UserError(`${dir} already exists; choose another name`);
  const versions = workspaceVersions(root, gate ? ["@hookrail/shell"] : []);
  const files = gate ? commandGateTemplate(name, versions, gate) : guardrailTemplate(name, versions);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  // Only in a repository that has the real-CLI suite: the cells go in a folder of the guardrail's own.
  const cellFile = cellFilePath(root, name);
  const cell = gate ? commandGateCellTemplate(name) : cellTemplate(name);
  if (existsSync(join(root, "test", "cells"))) {
    mkdirSync(dirname(cellFile), { recursive: true });
    writeFileSync(cellFile, cell);
  }
  // Where lines break depends on the name's length: the repository's formatter lays them out as its linter wants.
  formatFiles(root, [dir, ...(existsSync(cellFile) ? [cellFile] : [])]);
  const registry = join(root, "apps", "cli", "scripts", "guardrails.mjs");
  // Writes the command's guardrail list and its dependency on the new package (the build does it too).
  if (existsSync(registry)) execFileSync(process.execPath, [registry], { stdio: "ignore" });
  const print = (line: string) => io.stdout.write(`${line}\n`);
  print(`created ${dir}`);
  print("next (nothing to register: the build and the hookrail command find packages/*/src/manifest.ts):");
  print("  1. npm install                      (links the new workspace)");
  if (gate) print(`  2. edit src/gate.ts: the command patterns and the approval variable (tests and cells follow it)`);
  else print(`  2. edit src/decide.ts and its test, and test/cells/${name}/${name}.test.ts (the real-CLI cells)`);
  print("  3. npm run build && npm test        (bundles plugins/, checks the conventions)");
  return 0;
}

function formatFiles(root: string, paths: string[]): void {
  const biome = join(root, "node_modules", "@biomejs", "biome", "bin", "biome");
  if (!existsSync(biome)) return;
  spawnSync(process.execPath, [biome, "check", "--write", "--vcs-enabled=false", ...paths], {
    cwd: root,
    stdio: "ignore",
  });
}

/** A command gate's patterns and variable, checked; undefined for the basic kind. */
function commandGateSpec(name: string, options: NewOptions): CommandGateSpec | undefined {
  const kind = options.kind ?? "basic";
  if (!(NEW_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`unknown kind "${kind}"; choose one of: ${NEW_KINDS.join(", ")}`);
  if (kind !== "command-gate") {
    if (options.patterns?.length || options.approvalVariable)
      throw new UsageError("--pattern and --approval-var are for --kind command-gate");
    return undefined;
  }
  const defaults = commandGateDefaults(name);
  const patterns = options.patterns?.length ? options.patterns.map((p) => p.trim()) : defaults.patterns;
  const approvalVariable = options.approvalVariable ?? defaults.approvalVariable;
  const bad = patterns.find((p) => !PATTERN.test(p));
  if (bad !== undefined)
    throw new UsageError(
      `--pattern "${bad}": a command and its words, separated by spaces, e.g. --pattern "npm publish"`,
    );
  if (!APPROVAL_VARIABLE.test(approvalVariable))
    throw new UsageError(`--approval-var "${approvalVariable}": a shell variable name, e.g. PUBLISH_APPROVED`);
  return { patterns, approvalVariable };
}

/** The versions the repository's own packages have now (read through the workspace links in node_modules). */
function workspaceVersions(root: string, uses: readonly string[]): TemplateVersions {
  const read = (pkg: string) => {
    const file = join(root, "node_modules", pkg, "package.json");
    try {
      return JSON.parse(readFileSync(file, "utf8")) as { version: string; dependencies?: Record<string, string> };
    } catch {
      throw new UserError(`cannot read ${file}; run npm install in the hookrail repository first`);
    }
  };
  const core = read("@hookrail/core");
  const workspace: Record<string, string> = { "@hookrail/core": core.version };
  for (const pkg of ["@hookrail/clis", "@hookrail/test-utils", ...uses]) workspace[pkg] = read(pkg).version;
  const zod = core.dependencies?.zod;
  if (!zod) throw new UserError("@hookrail/core does not depend on zod; cannot tell which zod to use");
  return { workspace, zod };
}

/** `new` writes into a clone of the hookrail repository: the published package has none to write into. */
export const newWorksHere = (env: NodeJS.ProcessEnv): boolean =>
  Boolean(env.HOOKRAIL_REPO_ROOT) || findRepositoryRoot() !== undefined;

function repositoryRoot(): string {
  const root = findRepositoryRoot();
  if (!root) {
    throw new UserError(
      `hookrail new works in a clone of the hookrail repository, where the new package is built and tested: git clone ${REPOSITORY} && cd hookrail && npm ci && npm run new -- <name> (docs/writing-a-guardrail.md)`,
    );
  }
  return root;
}
