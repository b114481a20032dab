// Where a command is on PATH, as the CLI's own shell would find it.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The absolute path of `bin` on this PATH, or undefined. */
export function onPath(bin: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, bin);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}
