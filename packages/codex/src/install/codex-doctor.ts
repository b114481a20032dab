// Codex's own verdict for `hookrail doctor`: where codex is on PATH, its app-server lists every hook it
// would run with its trust (hooks/list), so doctor reads trust as Codex does instead of only
// recomputing the hash. A hookrail hook that is not trusted, or switched off, is a problem; so is a
// hook of the user's own that Codex reports as modified (trusted once, its definition or place since changed).
import { type DoctorCheck, type InstalledPlace, onPath } from "@hookrail/install-kit";
import { listHooks } from "./codex-hooks-list.ts";

const ours = (command: string | undefined) => /[\\/]hookrail[\\/]/.test(command ?? "");

export async function codexTrustChecks(
  rows: readonly InstalledPlace[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 20_000,
): Promise<DoctorCheck[]> {
  const codex = rows.filter((r) => r.cli === "codex" && r.installed && r.scope !== "managed");
  if (!codex.length) return [];
  const bin = onPath("codex", env);
  if (!bin)
    return [
      {
        id: "codex.trust.computed",
        ok: true,
        what: "codex is not on PATH: its trust was checked from config.toml alone",
      },
    ];
  const folders = [...new Set([cwd, ...codex.flatMap((r) => (r.project ? [r.project] : []))])];
  let listed: Awaited<ReturnType<typeof listHooks>>;
  try {
    listed = await listHooks(bin, folders, env, timeoutMs);
  } catch (error) {
    return [
      {
        id: "codex.app-server.failed",
        ok: false,
        what: `Codex's own trust verdict is unknown: ${(error as Error).message.split("\n")[0]}`,
        fix: `run ${bin} app-server here to see what it says; a codex that exits at once is a broken install (an npm-installed codex also needs node on PATH)`,
      },
    ];
  }
  const checks: DoctorCheck[] = [];
  for (const hook of listed) {
    if (hook.isManaged) continue;
    if (ours(hook.command) && hook.trustStatus !== "trusted")
      checks.push({
        id: "codex.hook.untrusted",
        ok: false,
        what: `Codex reports the hookrail hook ${hook.key} as ${hook.trustStatus}: it skips it silently`,
        fix: "run hookrail update (it re-trusts exactly hookrail's hooks)",
      });
    else if (!ours(hook.command) && hook.trustStatus === "modified")
      checks.push({
        id: "codex.hook.modified",
        ok: false,
        what: `Codex reports your hook ${hook.key} (${hook.command ?? ""}) as modified since you trusted it: it skips it silently`,
        fix: "review it in Codex (/hooks) and trust it again",
      });
    if (ours(hook.command) && hook.enabled === false)
      checks.push({
        id: "codex.hook.disabled",
        ok: false,
        what: `Codex reports the hookrail hook ${hook.key} as switched off`,
        fix: "switch it on again in Codex (/hooks)",
      });
  }
  const trusted = listed.filter((h) => ours(h.command) && h.trustStatus === "trusted").length;
  if (!checks.length)
    checks.push({ id: "codex.trust.listed", ok: true, what: `codex hooks/list: ${trusted} hookrail hook(s) trusted` });
  return checks;
}
