// Where a shipped hook file's bundle is: in a file of its own beside it, which the hook file's loader reads and
// compiles (the hook file itself is small, so Node reads and compiles little before the loader runs). Everything that
// copies, checks or names a hook's files finds its bundle through this.

/** The folder part of a path, with its last separator (either kind): "" for a bare name. */
const folderOf = (file: string): string => file.slice(0, Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);

/** The file beside a hook file that holds its bundle: `hooks/merge-gate.cjs` → `merge-gate.bundle`. */
export const bundleFileName = (hookFile: string): string =>
  `${hookFile.slice(folderOf(hookFile).length).replace(/\.cjs$/, "")}.bundle`;

/** The bundle's file for a hook file, in the same folder and with the same separators. */
export const bundleFileOf = (hookFile: string): string => `${folderOf(hookFile)}${bundleFileName(hookFile)}`;

/** On a line of every hook file whose loader reads its bundle from a file of its own: `// It reads its bundle from <name> beside this file.` */
export const BUNDLE_FILE_MARK = "reads its bundle from";

/** The bundle's file a hook file's text says its loader reads (beside `hookFile`); undefined for a hook file that holds its bundle, or no bundle. */
export function bundleFileNamedBy(hookFile: string, text: string): string | undefined {
  const named = new RegExp(`^// It ${BUNDLE_FILE_MARK} ([\\w.-]+) beside this file\\.$`, "m").exec(
    text.slice(0, 4096),
  )?.[1];
  return named ? `${folderOf(hookFile)}${named}` : undefined;
}
