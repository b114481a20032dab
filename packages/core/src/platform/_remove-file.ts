// Removes one file, as `rmSync(path, { force: true })` does, without that call's cost: Node's rmSync loads its
// recursive remover on first use (about 0.45 ms, measured on Node 20), and a hook removes a lock or a temp file on
// most calls that write state. A missing file is not an error; anything else (a folder, no permission) throws.
import { unlinkSync } from "node:fs";

export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
