// The user's own hookrail config for a run (XDG_CONFIG_HOME/hookrail/config.json), where hookrail reads it.
import fs from "node:fs";
import path from "node:path";
import type { Session } from "../runner/session.ts";

export function writeUserConfig(s: Session, config: unknown): void {
  const dir = path.join(s.env.XDG_CONFIG_HOME as string, "hookrail");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "config.json"), JSON.stringify(config));
}
