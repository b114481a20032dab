// `hookrail doctor [--json]`: what a hook needs on this machine, and every reason an installed
// guardrail would silently not run, each with its fix: the install record reconciled with what each
// CLI really has (a recorded guardrail that is gone, disabled, failing or untrusted is a problem),
// Codex's own verdict on trust where codex is on PATH, and for each gate whether its hooks can start.
// A file that cannot be read is one problem; every other check still runs. Exit 1 when anything needs fixing.
import { accessSync, constants, existsSync, lstatSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { cliLabel, mcpUnseen } from "@hookrail/clis";
import { installRecordPath, loadConfig } from "@hookrail/core";
import { assertWritable, onPath } from "@hookrail/install-kit";
import { execa } from "execa";
import type { Check } from "../doctor-check.ts";
import { configFiles, guardrailSettings } from "../doctor-settings.ts";
import { sharedHookChecks } from "../doctor-shared-hooks.ts";
import { doctorText, unprefixed } from "../doctor-text.ts";
import { dataHome } from "../install/bundles.ts";
import { projectRoot } from "../install/context.ts";
import { installers } from "../install/installers.ts";
import { type InstalledRow, inventory } from "../install/inventory.ts";
import type { CommandIO } from "../io.ts";
import { guardrails } from "../registry.ts";

const placeOf = (row: { cli: string; scope: string; project?: string }) =>
  `${row.cli} ${row.scope === "project" ? `project ${row.project}` : row.scope}`;

/** The oldest Node major the hook bundles run on (the suite runs them on its first release). */
const HOOK_NODE_MAJOR = 18;

/** The version `node` at `file` reports; this process's own without starting it when it is this Node. */
async function nodeVersion(file: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (sameFile(file, process.execPath)) return process.versions.node;
  const r = await execa(file, ["-p", "process.versions.node"], {
    reject: false,
    env,
    stdin: "ignore",
    timeout: 10_000,
  });
  return r.exitCode === 0 && /^\d+\.\d+\.\d+/.test(r.stdout.trim()) ? r.stdout.trim() : undefined;
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export async function doctorCommand(io: CommandIO, opts: { json?: boolean } = {}): Promise<number> {
  const checks: Check[] = [];
  const node = onPath("node", io.env);
  checks.push(
    node
      ? { id: "node.found", ok: true, what: `node on PATH: ${node}` }
      : {
          id: "node.missing",
          ok: false,
          what: "no node on PATH: the CLIs start every hook with node, so none runs",
          fix: "install Node.js >= 18, or put it on the PATH the CLIs start with",
        },
  );
  // The hooks run on the node the CLIs find on PATH, which may not be the one running this command.
  const version = node ? await nodeVersion(node, io.env) : process.versions.node;
  const major = Number(version?.split(".")[0]);
  checks.push({
    id: major >= HOOK_NODE_MAJOR ? "node.version" : "node.too-old",
    ok: major >= HOOK_NODE_MAJOR,
    what: `node ${version ?? "of unknown version (it did not say)"}${node ? " on PATH" : ""} (hook bundles need >= ${HOOK_NODE_MAJOR})`,
    fix: `install Node.js >= ${HOOK_NODE_MAJOR} where the CLIs find node`,
  });
  const git = await execa("git", ["--version"], { reject: false, env: io.env, stdin: "ignore" });
  checks.push(
    git.exitCode === 0
      ? { id: "git.found", ok: true, what: git.stdout }
      : {
          id: "git.missing",
          ok: false,
          what: "git not found on PATH: the checkout guardrails need it",
          fix: "install git",
        },
  );
  const config = loadConfig(io.cwd, io.env);
  checks.push({
    id: config.problems.length ? "config.invalid" : "config.read",
    ok: config.problems.length === 0,
    what: config.problems.length
      ? config.problems.map(unprefixed).join("; ")
      : `config: ${config.sources.join(", ") || "defaults (no config files)"}`,
    fix: `fix ${configFiles(config, config.problems)}`,
  });
  const stateDir =
    io.env.HOOKRAIL_STATE_DIR ||
    join(io.env.XDG_STATE_HOME || join(io.env.HOME || homedir(), ".local", "state"), "hookrail");
  const stateOk = writable(stateDir);
  checks.push({
    id: stateOk ? "state.writable" : "state.unwritable",
    ok: stateOk,
    what: `state folder ${stateDir}`,
    fix: `make ${stateDir} writable`,
  });
  const { rows, unreadable, doubles } = inventory(io.env, io.cwd);
  checks.push(...unrecorded(rows, io.env));
  for (const d of doubles) checks.push({ id: `${d.cli}.guardrail.twice`, ok: false, what: d.problem, fix: d.fix });
  for (const u of unreadable)
    checks.push({
      id: u.problem.id ?? `${u.cli}.file.invalid`,
      ok: false,
      what: `${placeOf(u)}: ${u.problem.problem}`,
      fix: u.problem.fix,
    });
  const settings: Record<string, Record<string, unknown>> = {};
  // Each installed guardrail: the settings it runs with here, then each place it is installed.
  for (const name of [...new Set(rows.map((row) => row.guardrail))]) {
    const found = guardrailSettings(name, config);
    settings[name] = found.settings;
    checks.push({ id: `${name}.settings${found.check.ok ? "" : ".invalid"}`, ...found.check });
    for (const row of rows.filter((r) => r.guardrail === name)) {
      const label = `${placeOf(row)} ${row.guardrail}`;
      const unproven = cliLabel(row.cli) ? ` (${row.cli}: ${cliLabel(row.cli)})` : "";
      if (!row.problems.length)
        checks.push({
          id: `${row.cli}.guardrail.ok`,
          ok: true,
          what: `${label}: installed${row.via ? ` with ${row.via.command} ${row.via.id}` : ""}${row.version ? ` (${row.version})` : ""}, will run${unproven}`,
        });
      for (const p of row.problems)
        checks.push({ id: p.id ?? `${row.cli}.problem`, ok: false, what: `${label}: ${p.problem}`, fix: p.fix });
      // Nothing to fix, but the user should know: a guardrail that watches MCP tools cannot see them in this CLI.
      const unseen = watchesMcp(row.guardrail) ? mcpUnseen(row.cli) : undefined;
      if (unseen) checks.push({ id: `${row.cli}.mcp.unseen`, ok: true, what: `${label}: ${unseen}` });
    }
  }
  const installed = new Map<string, Set<string>>();
  for (const row of rows.filter((r) => r.installed))
    installed.set(row.cli, (installed.get(row.cli) ?? new Set()).add(row.guardrail));
  checks.push(
    ...sharedHookChecks({
      env: io.env,
      home: io.env.HOME || homedir(),
      project: projectRoot(io.cwd, io.env),
      guardrails: Object.keys(guardrails),
      installed,
    }),
  );
  for (const installer of Object.values(installers))
    if (installer.doctorChecks) checks.push(...(await installer.doctorChecks(rows, io.env, io.cwd)));
  const problems = checks.filter((c) => !c.ok).length;
  if (opts.json)
    io.stdout.write(
      `${JSON.stringify({ ok: problems === 0, checks: checks.map((c) => (c.ok ? { id: c.id, ok: true, what: c.what } : c)), installed: rows, settings }, null, 2)}\n`,
    );
  else io.stdout.write(doctorText(checks, rows.length, io));
  return problems ? 1 : 0;
}

/** The guardrail's hooks are bound to MCP tool calls (where the CLI shows them). */
const watchesMcp = (name: string) => guardrails[name]?.manifest.bindings.some((b) => b.tools?.includes("mcp")) === true;

/** The folder can be written, or created (doctor creates nothing). */
function writable(dir: string): boolean {
  try {
    if (!existsSync(dir)) assertWritable(join(dir, "x"));
    else if (!lstatSync(dir).isDirectory()) return false;
    else accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Installs the CLIs' files show that hookrail's record lacks (it was deleted): one problem, one fix. */
function unrecorded(rows: readonly InstalledRow[], env: NodeJS.ProcessEnv): Check[] {
  const found = rows.filter((r) => r.installed && !r.recorded && r.scope !== "managed" && !r.via);
  if (!found.length) return [];
  const file = installRecordPath(dataHome(env, env.HOME || homedir()));
  const which = found.map((r) => `${r.guardrail} for ${r.cli}`).join(", ");
  return [
    {
      id: "record.missing",
      ok: false,
      what: existsSync(file)
        ? `hookrail's install record ${file} lacks ${which}: update does not repair them and no session start checks them`
        : `hookrail's install record ${file} has gone (${which} are installed): update does not repair them and no session start checks them`,
      fix: "run npx hookrail update (it records them again from the CLIs' files and puts back what is missing)",
    },
  ];
}
