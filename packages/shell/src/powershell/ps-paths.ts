// Folders as Set-Location resolves them: relative to the current one, `~` from the home folder, `\` and `/`
// both separators, drive (`C:\x`) and UNC (`\\server\share`) paths absolute. A provider path that is not a
// folder (`Env:`, `HKLM:\…`, `Function:`) leaves the folder native commands run in unknown.
import { posix, win32 } from "node:path";

const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\|\/\/)/;
const PROVIDER = /^(?:[\w.]+\\)?(?:filesystem)::/i;

export function resolvePsDir(base: string | null, dir: string, home: string | undefined): string | null {
  let d = dir.replace(PROVIDER, "");
  if (d === "") return base;
  if (d === "~" || /^~[\\/]/.test(d)) {
    if (home === undefined) return null;
    d = home + d.slice(1);
  }
  // Another drive of a provider (Env:, HKCU:, Cert:, a drive letter alone) is not a folder here.
  if (/^[\w.]+:(?![\\/])/.test(d) && !/^[A-Za-z]:$/.test(d)) return null;
  if (/^[A-Za-z]:$/.test(d)) return null;
  if (WINDOWS_ABSOLUTE.test(d)) return win32.normalize(d);
  const windowsBase = base !== null && WINDOWS_ABSOLUTE.test(base);
  if (d.startsWith("/") || (d.startsWith("\\") && !windowsBase)) return posix.normalize(d.replace(/\\/g, "/"));
  if (base === null) return null;
  return windowsBase ? win32.join(base, d) : posix.join(base, d.replace(/\\/g, "/"));
}
