// `hookrail doctor`: what a hook needs, checked on this machine and in this folder.
import { existsSync, lstatSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@hookrail/core";
import { execa } from "execa";
import { codexStatus } from "../install/codex-status.ts";
import type { CommandIO } from "../io.ts";
import { guardrails } from "../registry.ts";

export async function doctorCommand(io: CommandIO): Promise<number> {
  let problems = 0;
  const line = (ok: boolean, text: string) => {
    if (!ok) problems++;
    io.stdout.write(`${ok ? "ok  " : "FIX "} ${text}\n`);
  };
  const major = Number(process.versions.node.split(".")[0]);
  line(major >= 18, `node ${process.versions.node} (hook bundles need >= 18)`);
  const git = await execa("git", ["--version"], { reject: false });
  line(git.exitCode === 0, git.exitCode === 0 ? git.stdout : "git not found on PATH: the checkout guardrails need it");
  const config = loadConfig(io.cwd, io.env);
  line(
    config.problems.length === 0,
    config.problems.length
      ? config.problems.join("; ")
      : `config: ${config.sources.join(", ") || "defaults (no config files)"}`,
  );
  io.stdout.write(`     protected branches: ${config.protectedBranches.join(", ")}\n`);
  const stateDir =
    io.env.HOOKRAIL_STATE_DIR ||
    join(io.env.XDG_STATE_HOME || join(io.env.HOME || homedir(), ".local", "state"), "hookrail");
  line(writable(stateDir), `state folder ${stateDir}`);
  const geminiHome = join(io.env.GEMINI_CLI_HOME || io.env.HOME || homedir(), ".gemini", "extensions");
  for (const name of Object.keys(guardrails)) {
    const codex = codexStatus(name, io.env);
    if (codex === "not trusted")
      line(
        false,
        `codex ${name}: installed but NOT trusted, so Codex skips it silently; run hookrail install ${name} --cli codex`,
      );
    else io.stdout.write(`     codex ${name}: ${codex}\n`);
    io.stdout.write(`     gemini ${name}: ${existsSync(join(geminiHome, name)) ? "installed" : "not installed"}\n`);
  }
  io.stdout.write(problems ? `${problems} thing(s) to fix\n` : "all good\n");
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
