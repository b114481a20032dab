// Where the per-user state lives (the state store, the audit log): never inside a repository.
import { isAbsolute, join } from "node:path";
import { homeDirectory } from "../platform/_home.ts";

/** $HOOKRAIL_STATE_DIR, else $XDG_STATE_HOME/hookrail, else ~/.local/state/hookrail; none without a home folder. */
export function stateDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (env.HOOKRAIL_STATE_DIR) return env.HOOKRAIL_STATE_DIR;
  // The XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored.
  if (env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)) return join(env.XDG_STATE_HOME, "hookrail");
  const home = homeDirectory(env);
  return home ? join(home, ".local", "state", "hookrail") : undefined;
}
