// `hookrail doctor [--json]`: what a hook needs on this machine, and every reason an installed
// guardrail would silently not run, each with its fix. Exit 1 when anything needs fixing.
import { lstatSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { cliLabel } from "@hookrail/clis";
import { loadConfig } from "@hookrail/core";
import { execa } from "execa";
import { guardrailSettings } from "../doctor-settings.ts";
import { onPath } from "../install/apply.ts";
import { inventory } from "../install/inventory.ts";
import type { CommandIO } from "../io.ts";

interface Check {
  ok: boolean;
  what: string;
  fix?: string;
}

export async function doctorCommand(io: CommandIO, opts: { json?: boolean } = {}): Promise<number> {
  const checks: Check[] = [];
  const node = onPath("node", io.env);
  checks.push(
    node
      ? { ok: true, what: `node on PATH: ${node}` }
      : {
          ok: false,
          what: "no node on PATH: the CLIs start every hook with node, so none runs",
          fix: "install Node.js >= 18, or put it on the PATH the CLIs start with",
        },
  );
  const major = Number(process.versions.node.split(".")[0]);
  checks.push({
    ok: major >= 18,
    what: `node ${process.versions.node} (hook bundles need >= 18)`,
    fix: "install Node.js >= 18",
  });
  const git = await execa("git", ["--version"], { reject: false, env: io.env, stdin: "ignore" });
  checks.push(
    git.exitCode === 0
      ? { ok: true, what: git.stdout }
      : { ok: false, what: "git not found on PATH: the checkout guardrails need it", fix: "install git" },
  );
  const config = loadConfig(io.cwd, io.env);
  checks.push({
    ok: config.problems.length === 0,
    what: config.problems.length
      ? config.problems.join("; ")
      : `config: ${config.sources.join(", ") || "defaults (no config files)"}`,
    fix: "fix the config file named above",
  });
  const stateDir =
    io.env.HOOKRAIL_STATE_DIR ||
    join(io.env.XDG_STATE_HOME || join(io.env.HOME || homedir(), ".local", "state"), "hookrail");
  checks.push({ ok: writable(stateDir), what: `state folder ${stateDir}`, fix: `make ${stateDir} writable` });
  const rows = inventory(io.env, io.cwd);
  const settings: Record<string, Record<string, unknown>> = {};
  // Each installed guardrail: the settings it runs with here, then each place it is installed.
  for (const name of [...new Set(rows.map((row) => row.guardrail))]) {
    const found = guardrailSettings(name, loadConfig(io.cwd, io.env));
    settings[name] = found.settings;
    checks.push(found.check);
    for (const row of rows.filter((r) => r.guardrail === name)) {
      const label = `${row.cli} ${row.scope === "project" ? `project ${row.project}` : row.scope} ${row.guardrail}`;
      const unproven = cliLabel(row.cli) ? ` (${row.cli}: ${cliLabel(row.cli)})` : "";
      if (!row.problems.length)
        checks.push({
          ok: true,
          what: `${label}: installed${row.version ? ` (${row.version})` : ""}, will run${unproven}`,
        });
      for (const p of row.problems) checks.push({ ok: false, what: `${label}: ${p.problem}`, fix: p.fix });
    }
  }
  const problems = checks.filter((c) => !c.ok).length;
  if (opts.json)
    io.stdout.write(
      `${JSON.stringify({ ok: problems === 0, checks: checks.map((c) => (c.ok ? { ok: true, what: c.what } : c)), installed: rows, settings }, null, 2)}\n`,
    );
  else {
    for (const c of checks) io.stdout.write(c.ok ? `ok   ${c.what}\n` : `FIX  ${c.what}\n     -> ${c.fix}\n`);
    if (!rows.length) io.stdout.write("     no hookrail guardrail is installed for any CLI here\n");
    io.stdout.write(problems ? `${problems} thing(s) to fix\n` : "all good\n");
  }
  return problems ? 1 : 0;
}

function writable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}
