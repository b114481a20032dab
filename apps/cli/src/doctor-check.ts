// One line of `hookrail doctor`: what was checked, and when it fails, the fix.
export interface Check {
  /** Stable, for scripts: `node.missing`, `claude.plugin.disabled`, `codex.hook.untrusted`… (`ok` checks: what was checked). */
  id: string;
  ok: boolean;
  what: string;
  fix?: string;
}
