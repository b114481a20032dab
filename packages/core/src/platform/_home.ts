// The user's home folder without a static import of node:os: every hook bundle reads config and state
// paths on every run, and loading node:os for a $HOME that is almost always set costs start-up time.
import { isAbsolute } from "node:path";
import { builtin } from "./_builtin.ts";

/**
 * $HOME, else what os.homedir() says (node:os loaded only then), else %USERPROFILE%; undefined when there
 * is none. Never throws: with $HOME unset and no passwd entry for the user (a container run with
 * `--user 4242`), os.homedir() throws, and a relative path would put files in the session's folder.
 */
export function homeDirectory(env: NodeJS.ProcessEnv): string | undefined {
  if (env.HOME && isAbsolute(env.HOME)) return env.HOME;
  try {
    const home = builtin<typeof import("node:os")>("node:os").homedir();
    if (home && isAbsolute(home)) return home;
  } catch {
    // No home: callers go without the files that live there.
  }
  return env.USERPROFILE && isAbsolute(env.USERPROFILE) ? env.USERPROFILE : undefined;
}
