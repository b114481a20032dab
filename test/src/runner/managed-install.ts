// Managed-scope runs without touching this machine's /etc: `hookrail install --scope managed` writes
// the administrator's layer into the run's own system root (HOOKRAIL_SYSTEM_ROOT), and the CLI then
// runs in a private mount namespace where that root's etc/ and opt/ are laid over the real /etc and
// /opt (overlayfs on a tmpfs). The CLI reads /etc/claude-code, /etc/codex, /etc/gemini-cli exactly
// where it always does; nothing outside its process tree sees them.
import fs from "node:fs";
import path from "node:path";
import { execaSync } from "execa";
import type {} from "hookrail/testing/pack";
import { inject } from "vitest";
import type { CliName } from "../clis.ts";
import type { Session } from "./session.ts";
import type { GuardrailSource, RunOptions } from "./types.ts";

const SYSTEM_ROOT = "HOOKRAIL_SYSTEM_ROOT";
const LAID_OVER = ["etc", "opt"];

/** `file args` as run inside the private namespace when `env` names a system root; else unchanged. */
export function inSystem(file: string, args: readonly string[], env: Record<string, string>): [string, string[]] {
  const root = env[SYSTEM_ROOT];
  if (!root) return [file, [...args]];
  const layers = LAID_OVER.filter((d) => fs.existsSync(path.join(root, d))).map((d) => {
    const ns = path.join(path.dirname(root), `ns-${d}`);
    fs.mkdirSync(ns, { recursive: true });
    return [
      `mount -t tmpfs hookrail-${d} "${ns}"`,
      `mkdir "${ns}/upper" "${ns}/work"`,
      `cp -a "${root}/${d}/." "${ns}/upper/"`,
      `mount -t overlay overlay -o lowerdir=/${d},upperdir="${ns}/upper",workdir="${ns}/work" /${d}`,
    ].join(" && ");
  });
  const unshare = execaSync("sh", ["-c", "command -v unshare"]).stdout;
  return [unshare, ["--mount", "sh", "-c", `${[...layers, 'exec "$0" "$@"'].join(" && ")}`, file, ...args]];
}

/** A path of the run's system root (what the CLI sees at `abs`, e.g. /etc/codex/requirements.toml). */
export function systemPath(s: Session, abs: string): string {
  const root = s.env[SYSTEM_ROOT];
  if (!root) throw new Error("no system root: the guardrail was not installed with --scope managed");
  return path.join(root, abs);
}

/**
 * `hookrail install <g> --cli <cli> --scope managed` for each guardrail (then `uninstall` when the row
 * asks), then the row's switch: its files and commands, and its environment for the session.
 */
export async function installManaged(
  s: Session,
  cli: CliName,
  opts: { install: readonly GuardrailSource[] } & Pick<RunOptions, "uninstallFirst" | "managed">,
): Promise<void> {
  for (const src of opts.install) {
    await hookrailManaged(s, "install", cli, src);
    if (opts.uninstallFirst) await hookrailManaged(s, "uninstall", cli, src);
  }
  await opts.managed?.apply?.(s);
  Object.assign(s.env, opts.managed?.env ?? {});
}

/** `hookrail <action> <g> --cli <cli> --scope managed` into this run's system root (created on first use). */
async function hookrailManaged(
  s: Session,
  action: "install" | "uninstall",
  cli: CliName,
  src: GuardrailSource,
): Promise<void> {
  s.env[SYSTEM_ROOT] ??= path.join(s.rd.root, "system");
  fs.mkdirSync(s.env[SYSTEM_ROOT], { recursive: true });
  const args = [action, src.guardrail, "--cli", cli, "--scope", "managed"];
  await s.run(inject("hookrailBin"), args, { label: `hookrail ${args.join(" ")}` });
}
