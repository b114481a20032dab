// Opt-in debug log: HOOKRAIL_DEBUG_LOG=<file> appends one JSON line per hook run. Never stdout.
import { appendFileSync } from "node:fs";

export type DebugLog = (message: string, data?: Record<string, unknown>) => void;

export function createDebugLog(env: NodeJS.ProcessEnv, scope: string): DebugLog {
  const file = env.HOOKRAIL_DEBUG_LOG;
  if (!file) return () => {};
  return (message, data) => {
    try {
      const line = JSON.stringify({ time: new Date().toISOString(), scope, message, ...data });
      appendFileSync(file, `${line}\n`);
    } catch {
      // A debug log must never break a hook.
    }
  };
}
