// Every guardrail installed on this machine that hookrail can see: per CLI, in the user scope and in
// the projects its install record names (plus the current project), with each one's status.
import { guardrails } from "../registry.ts";
import { installContext } from "./context.ts";
import { installers } from "./installers.ts";
import { InstallRecords } from "./record.ts";
import type { GuardrailStatus, Scope } from "./types.ts";

export interface InstalledRow extends GuardrailStatus {
  cli: string;
  scope: Scope;
  project?: string;
  guardrail: string;
}

export function inventory(env: NodeJS.ProcessEnv, cwd: string): InstalledRow[] {
  const user = installContext(env, cwd, "user");
  const records = new InstallRecords(env, user.home);
  const projects = new Set([user.project]);
  for (const r of records.all()) if (r.scope === "project" && r.project) projects.add(r.project);
  const rows: InstalledRow[] = [];
  for (const installer of Object.values(installers)) {
    const places: { scope: Scope; cwd: string }[] = [{ scope: "user", cwd }];
    if (installer.scopes.includes("project")) for (const p of projects) places.push({ scope: "project", cwd: p });
    for (const place of places) {
      const ctx = place.scope === "user" ? user : installContext(env, place.cwd, "project");
      for (const guardrail of Object.keys(guardrails)) {
        const status = installer.status(guardrail, ctx);
        if (!status.installed) continue;
        const version =
          status.version ??
          records.get({ cli: installer.cli, scope: place.scope, project: ctx.project, guardrail })?.version;
        rows.push({
          cli: installer.cli,
          scope: place.scope,
          ...(place.scope === "project" ? { project: ctx.project } : {}),
          guardrail,
          ...status,
          ...(version ? { version } : {}),
        });
      }
    }
  }
  return rows;
}
