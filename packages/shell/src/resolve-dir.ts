// Directories as the shell resolves them: relative to the current one, `~` from the home directory.
import { posix, win32 } from "node:path";

/** A directory relative to another (`cd`, `git -C`): null when either is not known. */
export function resolveDir(base: string | null, dir: string | null, home: string | undefined): string | null {
  if (dir === null || dir === "") return dir === "" ? base : null;
  let d = dir;
  if (d === "~" || d.startsWith("~/")) {
    if (home === undefined) return null;
    d = home + d.slice(1);
  } else if (d.startsWith("~")) return null;
  if (posix.isAbsolute(d)) return posix.normalize(d);
  // A Windows drive or UNC path (PowerShell, Git Bash) is absolute too.
  if (/^(?:[A-Za-z]:[\\/]|\\\\)/.test(d)) return win32.normalize(d);
  return base === null ? null : posix.join(base, d);
}
