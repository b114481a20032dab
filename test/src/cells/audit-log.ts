// After a real session: what `hookrail log --json` (the packed command, in the run's own HOME) says happened,
// and whether a session id it names is the CLI's own (found in the CLI's session files under that HOME).
import fs from "node:fs";
import path from "node:path";
import type { AuditEntry } from "@hookrail/core";
import { execa } from "execa";
import { inject } from "vitest";
import type { Session } from "../runner/session.ts";

export interface AuditCapture {
  entries: AuditEntry[];
  /** Whether the CLI's own files (its transcripts, session folders) name this session id. */
  cliKnows(session: string): boolean;
  /** What went wrong reading the log, if anything. */
  error?: string;
}

// The CLIs' own session records live in these folders of the run's HOME (and CODEX_HOME, XDG data and state); hookrail's state,
// the suite's logs and the spy's records are not evidence of the CLI's session.
const SKIP = new Set(["node_modules", "hookrail", "logs", "cache", ".cache", "bin"]);
const MAX_FILE = 4 * 1024 * 1024;

function namesSession(root: string, id: string): boolean {
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (SKIP.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.name.includes(id)) return true;
      if (entry.isDirectory()) stack.push(file);
      else if (entry.isFile()) {
        try {
          if (fs.statSync(file).size <= MAX_FILE && fs.readFileSync(file, "utf8").includes(id)) return true;
        } catch {}
      }
    }
  }
  return false;
}

/** A row's `prepare`: at the end of the session (before its folder goes), reads the audit log into `into`. */
export function captureAuditLog(into: Map<string, AuditCapture>, key: string) {
  return (s: Session) => {
    s.defer(async () => {
      const r = await execa(inject("hookrailBin"), ["log", "--json"], {
        env: s.env,
        extendEnv: false,
        cwd: s.rd.project,
        reject: false,
        stdin: "ignore",
      });
      let entries: AuditEntry[] = [];
      let error: string | undefined;
      try {
        entries = JSON.parse(r.stdout) as AuditEntry[];
      } catch {
        error = `hookrail log --json exited ${r.exitCode}: ${r.stdout}${r.stderr}`;
      }
      // OpenCode and Kilo keep their sessions under XDG_DATA_HOME, which the run keeps beside HOME.
      const roots = [s.rd.home, s.rd.codexHome, s.env.XDG_DATA_HOME, s.env.XDG_STATE_HOME].filter((r): r is string =>
        Boolean(r),
      );
      const known = new Map<string, boolean>();
      const cliKnows = (session: string) => {
        if (session.length < 8) return false;
        if (!known.has(session))
          known.set(
            session,
            roots.some((root) => namesSession(root, session)),
          );
        return known.get(session) === true;
      };
      // Asked now: the folder is removed once the session closes.
      for (const e of entries) if (e.session) cliKnows(e.session);
      into.set(key, { entries, cliKnows, ...(error ? { error } : {}) });
    });
  };
}
